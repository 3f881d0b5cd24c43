/**
 * The value with every NUL character removed from its strings and keys, at any depth (rich text
 * is JSON). Postgres refuses NUL in `text` and in `jsonb` alike, and it carries nothing a reader
 * could see, so it is dropped as WordPress's sanitizers drop it. Returns the value itself when
 * there is nothing to drop, so unchanged input keeps its identity.
 */
export function withoutNul(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value.includes('\u0000') ? value.replace(/\u0000/g, '') : value
  if (!value || typeof value !== 'object' || depth > 256 || !hasNul(value, depth)) return value
  if (Array.isArray(value)) return value.map((item) => withoutNul(item, depth + 1))
  if (value instanceof Date || ArrayBuffer.isView(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [withoutNul(key), withoutNul(item, depth + 1)]),
  )
}

function hasNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (
    !value ||
    typeof value !== 'object' ||
    depth > 256 ||
    value instanceof Date ||
    ArrayBuffer.isView(value)
  )
    return false
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1))
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || hasNul(item, depth + 1),
  )
}
