/**
 * A query string (or a form body) without the pairs PHP overwrites while it reads the request,
 * so that what is left can be read into a structure (`request.ts`) with nothing combined that
 * PHP would have replaced. PHP assigns pair after pair, in order: `a=1&a=2` leaves `a` as `2`,
 * `a=1&a[]=2` turns `a` into a list that no longer holds `1`, and `a[]=1&a=2` makes it `2` again,
 * while `a[]=1&a[]=2` appends both. The pairs left keep their order and their bytes; of a longer
 * text, only the first `limit` pairs are kept, as the reader keeps them.
 */
export function lastAssignments(raw: string, limit: number): string {
  if (!raw.includes('&')) return raw
  const pairs: Assignment[] = []
  const root: PathNode = { below: [], children: new Map() }
  // Only the pairs the reader will read (as PHP reads at most `max_input_vars`).
  for (const pair of raw.split('&', limit)) {
    if (pair === '') continue
    const entry: Assignment = { gone: false, pair }
    pairs.push(entry)
    const path = assignedPath(pair)
    if (!path) continue
    const append = path.indexOf('')
    const fixed = append === -1 ? path.length : append
    // The nodes of the path up to its first `[]`, one per segment (a tree rather than keys made
    // of the path's text, so that a long path costs its length, not its length squared).
    const nodes: PathNode[] = []
    let node = root
    for (let index = 0; index < fixed; index++) {
      let child = node.children.get(path[index]!)
      if (!child) {
        child = { below: [], children: new Map() }
        node.children.set(path[index]!, child)
      }
      nodes.push(child)
      node = child
    }
    // A plain value on this pair's way becomes a list, which drops it...
    for (const passed of fixed === path.length ? nodes.slice(0, -1) : nodes) {
      if (passed.plain) passed.plain.gone = true
    }
    if (fixed === path.length) {
      // ...and whatever was set at this path or below it is replaced by this pair's value.
      const last = nodes.at(-1)!
      for (const earlier of last.below) earlier.gone = true
      last.below = []
      last.plain = entry
    }
    for (const passed of nodes) passed.below.push(entry)
  }
  return pairs
    .filter(({ gone }) => !gone)
    .map(({ pair }) => pair)
    .join('&')
}

type Assignment = { gone: boolean; pair: string }

/**
 * A path's node: the pairs kept that set a value at or below it (up to their first `[]`), and the
 * pair that set a plain value (no `[]`) at it.
 */
type PathNode = { below: Assignment[]; children: Map<string, PathNode>; plain?: Assignment }

/** PHP's `max_input_nesting_level`: the indexes past it are not read apart. */
const MAX_NESTING = 64

/**
 * The name a pair assigns, as PHP reads it: the variable (leading spaces dropped, spaces and dots
 * as `_`) then each `[index]` (`''` for `[]`, which appends); `null` for a pair PHP does not assign.
 * A `[` that is never closed is part of the variable's name.
 */
function assignedPath(pair: string): null | string[] {
  const equals = pair.indexOf('=')
  const name = decoded(equals === -1 ? pair : pair.slice(0, equals)).replace(/^ +/, '')
  const open = name.indexOf('[')
  const variable = (open === -1 ? name : name.slice(0, open)).replace(/[ .]/g, '_')
  if (variable === '') return null
  if (open === -1) return [variable]
  const path = [variable]
  let at = open
  while (name[at] === '[' && path.length <= MAX_NESTING) {
    const close = name.indexOf(']', at + 1)
    if (close === -1) return path.length === 1 ? [name.replace(/[ .[]/g, '_')] : path
    path.push(name.slice(at + 1, close))
    at = close + 1
  }
  return path
}

/** `urldecode`: `+` is a space, and a malformed `%` sequence is kept as it is. */
function decoded(text: string): string {
  const spaced = text.replace(/\+/g, ' ')
  try {
    return decodeURIComponent(spaced)
  } catch {
    return spaced.replace(/%[0-9a-f]{2}/gi, (escape) => {
      try {
        return decodeURIComponent(escape)
      } catch {
        return escape
      }
    })
  }
}
