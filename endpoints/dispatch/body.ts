import type { CompatRequest } from './request'

import { withoutNul } from '../../src/lib/withoutNul'
import { invalidJson, RestError } from '../errors'
import { jsonDecodeError, parseStop } from './jsonDecodeError'
import { parseQuery } from './request'

/**
 * How many arrays and objects may nest: PHP's `json_decode`, at its depth of 512, refuses 512
 * nested ones, so the original calls such a body invalid JSON.
 */
export const MAX_JSON_DEPTH = 511

/** WordPress's JSON media types (`wp_is_json_media_type`): `application/json`, `…+json`. */
const JSON_MEDIA_TYPE = /(^|\s|,)application\/([\w!#$&-^.+]+\+)?json(\+oembed)?($|\s|;|,)/i

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
 * type is no body. JSON that PHP would not decode (`jsonDecodeError.ts`) is a 400
 * `rest_invalid_json` with PHP's reason. NUL characters are dropped.
 */
export function readBody(request: Pick<CompatRequest, 'body' | 'headers'>): unknown {
  const raw = request.body
  if (raw === undefined || raw === '') return undefined
  const type = request.headers.get('content-type') ?? ''
  if (JSON_MEDIA_TYPE.test(type)) {
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch (error) {
      const reason = jsonDecodeError(raw, MAX_JSON_DEPTH, { at: parseStop(error, raw), ok: false })
      throw invalidJson(reason ?? undefined)
    }
    // What JavaScript takes and PHP does not: deeper nesting, unpaired surrogates.
    const reason = jsonDecodeError(raw, MAX_JSON_DEPTH, { ok: true })
    if (reason) throw invalidJson(reason)
    return withoutNul(parsed)
  }
  if (/application\/x-www-form-urlencoded/i.test(type)) return parseQuery(raw)
  return undefined
}

/**
 * The body, or why it cannot be read: WordPress finds a JSON body invalid only once the route
 * matched and the caller signed in (`has_valid_params`), so the refusal waits until then.
 */
export function readBodyOrRefusal(request: Pick<CompatRequest, 'body' | 'headers'>): {
  body: unknown
  refusal?: RestError
} {
  try {
    return { body: readBody(request) }
  } catch (error) {
    if (error instanceof RestError) return { body: undefined, refusal: error }
    throw error
  }
}
