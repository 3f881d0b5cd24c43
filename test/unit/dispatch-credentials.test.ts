import { describe, expect, it } from 'vitest'

import { readClientAddress } from '../../src/auth/clientAddress'
import { restNonce } from '../../src/auth/cookieSignIn'
import { nonceOf, signInHeaders } from '../../endpoints/dispatch/credentials'

const site = {
  cookiePrefix: 'payload',
  secret: 'unit-secret',
  siteUrl: 'https://calendar.example/',
}
const TOKEN = 'session-token'
const request = (headers: Record<string, string>, clientAddress?: string) => ({
  clientAddress,
  headers: new Headers(headers),
})

describe('nonceOf: where WordPress reads the nonce', () => {
  it('reads _wpnonce of a form first, then of the query, then X-WP-Nonce', () => {
    const form = new Headers({
      'content-type': 'application/x-www-form-urlencoded',
      'x-wp-nonce': 'header',
    })
    expect(nonceOf({ _wpnonce: 'query' }, { _wpnonce: 'form' }, form)).toBe('form')
    expect(nonceOf({ _wpnonce: 'query' }, {}, form)).toBe('query')
    expect(nonceOf({}, {}, form)).toBe('header')
  })

  it('reads no nonce in a JSON body, which PHP does not take for parameters', () => {
    const json = new Headers({ 'content-type': 'application/json' })
    expect(nonceOf({}, { _wpnonce: 'json' }, json)).toBeNull()
  })

  it('has none when none is sent; one sent empty or as a list is one, and never valid', () => {
    expect(nonceOf({}, undefined, new Headers())).toBeNull()
    expect(nonceOf({}, 'text body', new Headers())).toBeNull()
    expect(nonceOf({ _wpnonce: '' }, undefined, new Headers())).toBe('')
    expect(nonceOf({ _wpnonce: ['a'] }, undefined, new Headers())).toBe('')
    expect(nonceOf({}, undefined, new Headers({ 'x-wp-nonce': '' }))).toBe('')
  })
})

describe('signInHeaders: the headers the sign-in looks at', () => {
  it('hands an honoured session cookie on as Authorization: JWT, without the cookie', () => {
    const nonce = restNonce(site.secret, TOKEN)
    const { headers, sessionToken } = signInHeaders(
      site,
      request({ cookie: `other=1; payload-token=${TOKEN}` }),
      nonce,
    )
    expect(headers.get('authorization')).toBe(`JWT ${TOKEN}`)
    expect(headers.has('cookie')).toBe(false)
    expect(sessionToken).toBe(TOKEN)
  })

  it("honours the cookie without a nonce from the site's own origin", () => {
    const { headers } = signInHeaders(
      site,
      request({ cookie: `payload-token=${TOKEN}`, origin: 'https://calendar.example' }),
      null,
    )
    expect(headers.get('authorization')).toBe(`JWT ${TOKEN}`)
  })

  it('drops a cookie another site made the browser send without a valid nonce: the request is a visitor’s', () => {
    for (const nonce of [null, 'wrong', restNonce('other-secret', TOKEN)]) {
      const { headers, sessionToken } = signInHeaders(
        site,
        request({ cookie: `payload-token=${TOKEN}`, origin: 'https://elsewhere.example' }),
        nonce,
      )
      expect(headers.has('cookie')).toBe(false)
      expect(headers.has('authorization')).toBe(false)
      expect(sessionToken).toBeUndefined()
    }
  })

  it('leaves an Authorization header the client sent in place of an honoured cookie', () => {
    const { headers, sessionToken } = signInHeaders(
      site,
      request({
        authorization: 'Basic abc',
        cookie: `payload-token=${TOKEN}`,
        origin: 'https://calendar.example',
      }),
      null,
    )
    expect(headers.get('authorization')).toBe('Basic abc')
    expect(headers.has('cookie')).toBe(false)
    expect(sessionToken).toBeUndefined()
  })

  it("signs the client's address in when the server gave one, and never changes the request's own headers", () => {
    const original = new Headers({
      cookie: `payload-token=${TOKEN}`,
      origin: 'https://calendar.example',
    })
    const { headers } = signInHeaders(
      site,
      { clientAddress: '203.0.113.9', headers: original },
      null,
    )
    expect(readClientAddress(headers, site.secret)).toBe('203.0.113.9')
    expect(original.get('cookie')).toBe(`payload-token=${TOKEN}`)
    expect(original.has('authorization')).toBe(false)
  })
})
