import type { CompatRequest } from './request'

/**
 * The method a request stands for. WordPress lets a request stand for another method through
 * `?_method=` or, without it, the `X-HTTP-Method-Override` header, for clients behind proxies
 * that only pass GET and POST; whatever they name is the method, upper-cased (a name no route
 * has, or an empty one, finds no route). Here only a POST may be overridden: a GET from the
 * site's own pages signs in by its cookie without a nonce (`src/auth/cookieSignIn.ts`), so a
 * link or an image there must not stand for a write (`docs/compatibility.md`, "Bodies, JSONP
 * and method override").
 */
export function effectiveMethod(
  request: Pick<CompatRequest, 'headers' | 'method' | 'query'>,
): string {
  const method = request.method.toUpperCase()
  if (method !== 'POST') return method
  const override =
    // PHP keeps the last of a repeated parameter.
    new URLSearchParams(request.query).getAll('_method').at(-1) ??
    request.headers.get('x-http-method-override')
  return override === null ? method : override.toUpperCase()
}
