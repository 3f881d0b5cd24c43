import type { CompatRequest } from './request'

import { withoutNul } from '../../src/lib/withoutNul'
import { invalidJson } from '../errors'
import { parseQuery } from './request'

/** PHP's `json_decode` gives up beyond 512 levels, so the original calls such a body invalid JSON. */
export const MAX_JSON_DEPTH = 512

/** How deeply a parsed JSON value nests, counted without recursion (a hostile body can be deep). */
export function nestingDepth(value: unknown): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length) {
    const [item, depth] = stack.pop()!
    if (!item || typeof item !== 'object') continue
    deepest = Math.max(deepest, depth)
    if (deepest > MAX_JSON_DEPTH) return deepest
    for (const child of Object.values(item)) stack.push([child, depth + 1])
  }
  return deepest
}

/**
 * The request's body as WordPress reads it: JSON, or a form, by its `Content-Type`; any other
 * type is no body. JSON that does not parse, or nests beyond PHP's limit, is a 400
 * `rest_invalid_json`. NUL characters are dropped.
 */
export function readBody(request: Pick<CompatRequest, 'body' | 'headers'>): unknown {
  const raw = request.body
  if (raw === undefined || raw === '') return undefined
  const type = request.headers.get('content-type') ?? ''
  if (/application\/json/i.test(type)) {
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      throw invalidJson()
    }
    if (nestingDepth(parsed) > MAX_JSON_DEPTH) throw invalidJson()
    return withoutNul(parsed)
  }
  if (/application\/x-www-form-urlencoded/i.test(type)) return parseQuery(raw)
  return undefined
}
