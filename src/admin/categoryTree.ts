export type CategoryNode = { children: CategoryNode[]; id: number | string; name: string }

/**
 * Categories as a tree by their parent, each level sorted by name. A category whose parent is
 * not among them (one the editor may not read) sits at the top, as WordPress's box shows it.
 */
export function buildCategoryTree(
  categories: { id: number | string; name: string; parent: null | number | string }[],
): CategoryNode[] {
  const nodes = new Map(
    categories.map((category) => [
      String(category.id),
      { children: [] as CategoryNode[], id: category.id, name: category.name },
    ]),
  )
  const roots: CategoryNode[] = []
  for (const category of categories) {
    const node = nodes.get(String(category.id))!
    const parent = category.parent === null ? undefined : nodes.get(String(category.parent))
    if (parent && parent !== node) parent.children.push(node)
    else roots.push(node)
  }
  const sort = (list: CategoryNode[]) => {
    list.sort((a, b) => a.name.localeCompare(b.name))
    list.forEach((node) => sort(node.children))
    return list
  }
  return sort(roots)
}

/** The branches holding a category whose name contains `search` (any case, any accent), with their parents. */
export function matchingTree(tree: CategoryNode[], search: string): CategoryNode[] {
  const wanted = fold(search.trim())
  if (!wanted) return tree
  const keep = (node: CategoryNode): CategoryNode | null => {
    if (fold(node.name).includes(wanted)) return node
    const children = node.children
      .map(keep)
      .filter((child): child is CategoryNode => child !== null)
    return children.length ? { ...node, children } : null
  }
  return tree.map(keep).filter((node): node is CategoryNode => node !== null)
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/**
 * `id` and every category below it among `categories` (each with its parent's id): a filter on a
 * parent category shows its children's events too, as the compatibility API's `categories`
 * filter does (`src/calendar/categoryTree.ts`). `id` comes first; a cycle ends the walk.
 */
export function withDescendants(
  categories: readonly { parent?: null | string; value: string }[],
  id: string,
): string[] {
  const children = new Map<string, string[]>()
  for (const category of categories)
    if (category.parent)
      children.set(category.parent, [...(children.get(category.parent) ?? []), category.value])
  const found = [id]
  const seen = new Set(found)
  for (let index = 0; index < found.length; index++)
    for (const child of children.get(found[index]!) ?? [])
      if (!seen.has(child)) {
        seen.add(child)
        found.push(child)
      }
  return found
}
