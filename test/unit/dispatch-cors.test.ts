import { describe, expect, it } from 'vitest'

import { corsHeaders, sanitizeOrigin } from '../../endpoints/dispatch/cors'

describe("corsHeaders: WordPress's rest_send_cors_headers", () => {
  it('lets any origin read, with credentials, and varies by Origin', () => {
    expect(corsHeaders('https://elsewhere.example', 'POST', true)).toEqual({
      'Access-Control-Allow-Credentials': 'true',
      'Access-Control-Allow-Methods': 'OPTIONS, GET, POST, PUT, PATCH, DELETE',
      'Access-Control-Allow-Origin': 'https://elsewhere.example',
      Vary: 'Origin',
    })
  })

  it('echoes the opaque origin "null" as it is', () => {
    expect(corsHeaders('null', 'GET', false)['Access-Control-Allow-Origin']).toBe('null')
  })

  it('varies an anonymous GET by Origin even without one, and nothing else', () => {
    expect(corsHeaders(null, 'GET', false)).toEqual({ Vary: 'Origin' })
    expect(corsHeaders(null, 'GET', true)).toEqual({})
    expect(corsHeaders(null, 'HEAD', false)).toEqual({})
    expect(corsHeaders(null, 'POST', false)).toEqual({})
  })
})

describe('sanitizeOrigin', () => {
  it('drops what a header may not carry: spaces, quotes, control characters', () => {
    expect(sanitizeOrigin('https://a.example\r\nSet-Cookie: x')).toBe(
      'https://a.exampleSet-Cookie:x',
    )
    expect(sanitizeOrigin('https://a.example"<>{}')).toBe('https://a.example')
    expect(sanitizeOrigin('https://[::1]:8080')).toBe('https://[::1]:8080')
  })
})
