import { describe, expect, it } from 'vitest'

import { failureResult, knownFailure } from '../../endpoints/dispatch/failure'
import { noRoute, RestError } from '../../endpoints/errors'
import { RETRY_AFTER_SECONDS } from '../../src/db/databaseErrors'
import { ItemBusy } from '../../src/db/locks'

const named = (name: string, fields: Record<string, unknown> = {}) =>
  Object.assign(new Error('payload'), { name, ...fields })

describe('knownFailure: an error as the API reports it', () => {
  it('keeps our own errors as they are', () => {
    const ours = noRoute()
    expect(knownFailure(ours, false)).toBe(ours)
  })

  it("reports Payload's refused access as rest_forbidden: 401 to a visitor, 403 to a signed-in caller", () => {
    expect(knownFailure(named('Forbidden'), false)).toMatchObject({
      code: 'rest_forbidden',
      status: 401,
    })
    expect(knownFailure(named('Forbidden'), true)).toMatchObject({
      code: 'rest_forbidden',
      status: 403,
    })
  })

  it("reports Payload's failed validation as 400 rest_invalid_param naming each field with its message", () => {
    const error = named('ValidationError', {
      data: {
        errors: [
          { message: 'This field is required.', path: 'title' },
          { message: 'Too long.', path: 'slug' },
        ],
      },
    })
    expect(knownFailure(error, true)?.toBody()).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { slug: 'Too long.', title: 'This field is required.' }, status: 400 },
      message: 'Invalid parameter(s): title, slug',
    })
  })

  it('reports an unreachable or too slow database, however wrapped, as 503 with Retry-After', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    })
    const timedOut = new Error('query failed', {
      cause: Object.assign(new Error('canceling statement due to statement timeout'), {
        code: '57014',
      }),
    })
    for (const error of [refused, timedOut]) {
      expect(knownFailure(error, false)).toMatchObject({
        code: 'database_unavailable',
        headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
        status: 503,
      })
    }
  })

  it('reports a write that waited too long for another as rest_item_busy with its status', () => {
    const busy = new ItemBusy()
    expect(knownFailure(busy, true)).toMatchObject({
      code: 'rest_item_busy',
      message: busy.message,
      status: 503,
    })
  })

  it('knows nothing of an unexpected error, which becomes a 500', () => {
    expect(knownFailure(new TypeError('x is undefined'), false)).toBeNull()
    expect(knownFailure('thrown text', false)).toBeNull()
    expect(knownFailure(undefined, false)).toBeNull()
  })
})

describe('failureResult', () => {
  it("is WordPress's error shape, with the error's headers over the server's", () => {
    const error = new RestError('x', 'X.', 429, {}, {}, { 'Retry-After': '5' })
    expect(failureResult(error, { 'Retry-After': '1', 'X-WP-Nonce': 'n' })).toEqual({
      body: { code: 'x', data: { status: 429 }, message: 'X.' },
      headers: { 'Retry-After': '5', 'X-WP-Nonce': 'n' },
      status: 429,
    })
  })
})
