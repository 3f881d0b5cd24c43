import { describe, expect, it } from 'vitest'

import { restContext, watchedClock } from '../../endpoints/dispatch/restContext'
import { TRUSTED_READ } from '../../src/hooks/context'
import { compatRequest, EDITOR, exchangeFor, fakePayload, NOW, options } from './dispatch-fixtures'

describe('watchedClock', () => {
  it('gives one instant for the whole request and tells whether anything read it', () => {
    const clock = watchedClock(NOW)
    expect(clock.wasRead()).toBe(false)
    expect(clock.now()).toBe(NOW)
    expect(clock.now()).toBe(NOW)
    expect(clock.wasRead()).toBe(true)
  })
})

describe("restContext: the controllers' view of the request", () => {
  const route = { endpoints: [], path: '/things/(?P<id>\\d+)' }
  const build = (user: null | typeof EDITOR = null) => {
    const exchange = {
      ...exchangeFor(compatRequest({ method: 'GET', path: '/vendor/events/v1/things/3' })),
      language: 'fr',
    }
    return restContext(fakePayload(), options, exchange, {
      body: undefined,
      located: { params: { id: '3\u0000' }, route },
      query: { a: '1' },
      table: [route],
      user: user as never,
    })
  }

  it('carries what the stages read, path parameters without NUL characters', async () => {
    const { ctx } = await build()
    expect(ctx).toMatchObject({
      args: {},
      language: 'fr',
      method: 'GET',
      params: { id: '3' },
      query: { a: '1' },
      restBase: options.siteUrl + '/wp-json',
      routes: [route],
      user: null,
    })
  })

  it('gives the Payload request the caller, the language with the default as fallback, and a trusted read', async () => {
    const { ctx } = await build(EDITOR)
    expect(ctx.req.user).toMatchObject({ id: EDITOR.id })
    expect([ctx.req.locale, ctx.req.fallbackLocale]).toEqual(['fr', 'en'])
    expect(ctx.req.context[TRUSTED_READ]).toBe(true)
  })

  it("tells whether the clock was read through ctx.now, and passes the request's instant beside it unread", async () => {
    const { clockRead, ctx, now } = await build()
    expect(now).toEqual(NOW)
    expect(clockRead()).toBe(false)
    expect(ctx.now).toEqual(NOW)
    expect(clockRead()).toBe(true)
  })
})
