import type { SanitizedPluginConfig } from '../../src/types'
import type { Audience } from '../conditional'
import type { VisitorResponses } from '../visitorResponses'
import type { CompatRequest } from './request'

/**
 * What the stages have learned about one request so far. The answer, or a failure at any stage,
 * is sent with it: in the language read so far, with the `Allow` worked out so far, for the caller
 * signed in so far.
 */
export type Exchange = {
  /** The route's methods this caller may use (`Allow`), once worked out. */
  allow?: string
  /** Whom the answer is made for, which its ETag tells apart (`conditional.ts`). */
  audience: Audience
  /** The server's own headers on the endpoint's answer: the nonce of a cookie sign-in. */
  headers: Record<string, string>
  /** The JSONP callback the answer is sent to (`jsonp.ts`), if any. */
  jsonp?: string
  /** The visitors' answers this request may reuse and keep, once known (`visitorResponses.ts`). */
  kept: null | VisitorResponses
  language: string
  /** The method the request stands for (`method.ts`). */
  method: string
  /** Whether the answer is this caller's own: signed in, or unlocked by a password. */
  personal: boolean
  request: CompatRequest
  /** The shared cache in front of the site, whose lifetimes visitors' answers carry (`cdn` option). */
  sharedCache?: SanitizedPluginConfig['cdn']
  signedIn: boolean
}

/** An exchange that knows only the request: anonymous, in the default language. */
export function startExchange(
  request: CompatRequest,
  method: string,
  defaultLanguage: string,
): Exchange {
  return {
    audience: 'visitor',
    headers: {},
    kept: null,
    language: defaultLanguage,
    method,
    personal: false,
    request,
    signedIn: false,
  }
}
