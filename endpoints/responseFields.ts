/*
 * WordPress's two global parameters that reshape any answer of the REST API
 * (docs/compatibility.md, "`_fields` and `_envelope`"):
 * - `_fields` trims a successful answer to the named keys, `a.b` naming a key inside a key;
 * - `_envelope` (in the query) answers 200 with `{body, status, headers}`.
 */

/** A tree of the keys to keep: `true` keeps the whole value. */
type FieldTree = { [key: string]: FieldTree | true }

/**
 * The `_fields` list as WordPress reads it: a string splits on commas and white space, a list
 * (`_fields[]=`) is taken item by item as it is (an item `id,title` names no key).
 */
export function parseFieldList(value: unknown): string[] {
  if (Array.isArray(value))
    return value
      .filter((item) => ['string', 'number', 'boolean'].includes(typeof item))
      .map((item) => String(item).trim())
  if (typeof value === 'string' || typeof value === 'number')
    return String(value)
      .split(/[\s,]+/)
      .filter(Boolean)
  return []
}

/**
 * The key tree of a field list. As in WordPress, a nested path after its parent was already
 * named whole ends the list there: `venue,venue.address,id` keeps the venue only.
 */
function fieldTree(fields: string[]): FieldTree {
  const tree: FieldTree = {}
  for (const field of fields) {
    const parts = field.split('.')
    let node = tree
    for (const part of parts.slice(0, -1)) {
      const next = node[part]
      if (next === true) return tree
      node = node[part] = next ?? {}
    }
    node[parts[parts.length - 1]!] = true
  }
  return tree
}

/**
 * Keys that are objects, not key lists, in the original (its JSON-LD is built as objects): a
 * path into them keeps them whole.
 */
const OPAQUE_KEYS = new Set(['json_ld'])

/** An emptied key list is written as `[]`, as PHP writes an empty array. */
function pick(value: unknown, tree: FieldTree): unknown {
  if (!value || typeof value !== 'object') return value
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value)
  const kept: [string, unknown][] = []
  for (const [key, item] of entries) {
    const wanted = tree[key]
    if (wanted === undefined) continue
    kept.push([
      key,
      wanted === true || OPAQUE_KEYS.has(key) || !item || typeof item !== 'object'
        ? item
        : pick(item, wanted),
    ])
  }
  if (!kept.length) return []
  // A list keeps its items as a list only while their indexes still run 0, 1, 2, …
  if (Array.isArray(value) && kept.every(([key], index) => key === String(index)))
    return kept.map(([, item]) => item)
  return Object.fromEntries(kept)
}

/** The answer's body trimmed to `_fields`; a list answer is trimmed item by item. */
export function filterFields(body: unknown, fieldsParam: unknown): unknown {
  const fields = parseFieldList(fieldsParam)
  if (!fields.length) return body
  const tree = fieldTree(fields)
  return Array.isArray(body) ? body.map((item) => pick(item, tree)) : pick(body, tree)
}

/** Headers of the envelope: those the endpoint set, counts as numbers, as WordPress keeps them. */
const NUMERIC_HEADERS = new Set(['X-TEC-Total', 'X-TEC-TotalPages'])

/**
 * `{body, status, headers}` for `_envelope`: the endpoint's own headers only (not the server's
 * `Link`, CORS or content type), `[]` when there are none.
 */
export function envelope(
  body: unknown,
  status: number,
  headers: Record<string, string>,
): { body: unknown; headers: unknown; status: number } {
  const entries = Object.entries(headers).map(([name, value]) => [
    name,
    NUMERIC_HEADERS.has(name) && /^\d+$/.test(value) ? Number(value) : value,
  ])
  return { body, status, headers: entries.length ? Object.fromEntries(entries) : [] }
}
