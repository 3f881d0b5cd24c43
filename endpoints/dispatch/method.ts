import type { CompatRequest } from './request'

/**
 * The method a request stands for. WordPress lets a POST stand for another method through
 * `?_method=` or the `X-HTTP-Method-Override` header, for clients behind proxies that only pass
 * GET and POST.
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
  return override && /^(DELETE|GET|PATCH|PUT)$/i.test(override) ? override.toUpperCase() : method
}
