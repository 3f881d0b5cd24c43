import { describe, expect, it } from 'vitest'

import { effectiveMethod } from '../../endpoints/dispatch/method'

const request = (method: string, query = '', headers: Record<string, string> = {}) => ({
  headers: new Headers(headers),
  method,
  query,
})

describe('effectiveMethod: the method a request stands for', () => {
  it('is the request method, upper-cased', () => {
    expect(effectiveMethod(request('get'))).toBe('GET')
    expect(effectiveMethod(request('Options'))).toBe('OPTIONS')
  })

  it('lets a POST stand for DELETE, GET, PATCH or PUT through ?_method=, in any case', () => {
    expect(effectiveMethod(request('POST', '_method=delete'))).toBe('DELETE')
    expect(effectiveMethod(request('POST', 'a=1&_method=PUT'))).toBe('PUT')
    expect(effectiveMethod(request('post', '_method=get'))).toBe('GET')
  })

  it('reads X-HTTP-Method-Override when the query has no _method, and the query first', () => {
    expect(effectiveMethod(request('POST', '', { 'x-http-method-override': 'PATCH' }))).toBe(
      'PATCH',
    )
    expect(
      effectiveMethod(request('POST', '_method=DELETE', { 'x-http-method-override': 'PATCH' })),
    ).toBe('DELETE')
  })

  it('lets only a POST be overridden', () => {
    expect(effectiveMethod(request('GET', '_method=DELETE'))).toBe('GET')
    expect(effectiveMethod(request('PUT', '', { 'x-http-method-override': 'DELETE' }))).toBe('PUT')
  })

  it('takes an override to any other method as WordPress does, where no route may have it', () => {
    for (const other of ['OPTIONS', 'HEAD', 'TRACE', 'POST', 'DELETEX', '', ' GET']) {
      expect(effectiveMethod(request('POST', `_method=${encodeURIComponent(other)}`))).toBe(other)
    }
    expect(effectiveMethod(request('POST', '', { 'x-http-method-override': 'foo' }))).toBe('FOO')
  })
})
