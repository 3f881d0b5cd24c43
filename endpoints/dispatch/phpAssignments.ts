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
  const pairs: { gone: boolean; pair: string }[] = []
  // The pairs kept under each path they set a value at or below (up to the first `[]`), and the
  // pair that set a plain value (no `[]`) at each path.
  const below = new Map<string, { gone: boolean }[]>()
  const at = new Map<string, { gone: boolean }>()
  // Only the pairs the reader will read (as PHP reads at most `max_input_vars`).
  for (const pair of raw.split('&', limit)) {
    if (pair === '') continue
    const entry = { gone: false, pair }
    pairs.push(entry)
    const path = assignedPath(pair)
    if (!path) continue
    const fixed = path.indexOf('') === -1 ? path.length : path.indexOf('')
    const keys: string[] = []
    for (let index = 0; index < fixed; index++)
      keys.push(`${keys.at(-1) ?? ''}${path[index]!.length}:${path[index]}`)
    // A plain value on this pair's way becomes a list, which drops it...
    for (const key of fixed === path.length ? keys.slice(0, -1) : keys) {
      const plain = at.get(key)
      if (plain) plain.gone = true
    }
    if (fixed === path.length) {
      // ...and whatever was set at this path or below it is replaced by this pair's value.
      const key = keys.at(-1)!
      for (const earlier of below.get(key) ?? []) earlier.gone = true
      below.set(key, [])
      at.set(key, entry)
    }
    for (const key of keys) {
      const list = below.get(key)
      if (list) list.push(entry)
      else below.set(key, [entry])
    }
  }
  return pairs
    .filter(({ gone }) => !gone)
    .map(({ pair }) => pair)
    .join('&')
}

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
  while (name[at] === '[') {
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
