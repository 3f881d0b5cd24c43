import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import type { ParamSpecs } from '../../endpoints/params'

import { foundFor, readArgs, wasSent } from '../../endpoints/args'
import { RestError } from '../../endpoints/errors'
import { found } from '../../endpoints/params'
import { TEXT_LIMITS } from '../../src/lib/textLimits'
import { NOW, options, restContextFor } from './dispatch-fixtures'

/*
 * `readArgs` reads an endpoint's declared arguments as `WP_REST_Server::dispatch` does, in its
 * order: sources, defaults, required, bounds, validation, coercion and sanitizing.
 */

const read = (
  specs: ParamSpecs,
  from: { body?: unknown; params?: Record<string, string>; query?: Record<string, unknown> } = {},
) =>
  readArgs(
    specs,
    restContextFor({ body: from.body, params: from.params ?? {}, query: from.query ?? {} }),
  )

async function refusal(run: Promise<unknown>): Promise<Record<string, unknown> & { code: string }> {
  try {
    await run
  } catch (error) {
    if (error instanceof RestError) return error.toBody()
    throw error
  }
  throw new Error('expected a refusal')
}

describe('readArgs: where each argument comes from', () => {
  it('reads the body first, then the query, then the path', async () => {
    const specs: ParamSpecs = { id: {}, title: {}, page: {} }
    const args = await read(specs, {
      body: { title: 'body' },
      params: { id: '3', title: 'path' },
      query: { page: '2', title: 'query' },
    })
    expect(args).toEqual({ id: '3', page: '2', title: 'body' })
  })

  it('reads an argument declared in the query from the query alone', async () => {
    expect(await read({ password: { in: 'query' } }, { body: { password: 'body' } })).toEqual({})
    expect(
      await read(
        { password: { in: 'query' } },
        { body: { password: 'body' }, query: { password: 'q' } },
      ),
    ).toEqual({ password: 'q' })
  })

  it('ignores a body that is not an object, and leaves out what is not declared', async () => {
    expect(await read({ a: {} }, { body: ['x'], query: { a: '1', b: '2' } })).toEqual({ a: '1' })
  })
})

describe('readArgs: defaults and required arguments', () => {
  it('fills the declared defaults where nothing was sent, and tells them apart from sent values', async () => {
    const specs: ParamSpecs = {
      page: { default: 1, type: 'integer' },
      when: { default: ({ now, siteTimezone }) => `${now.toISOString()} ${siteTimezone}` },
    }
    const args = await read(specs, { query: { page: '4' } })
    expect(args).toEqual({ page: 4, when: `${NOW.toISOString()} ${options.siteTimezone}` })
    expect([wasSent(args, 'page'), wasSent(args, 'when'), wasSent(args, 'other')]).toEqual([
      true,
      false,
      false,
    ])
  })

  it('reads the clock only for a default that asks for it', async () => {
    let reads = 0
    const ctx = restContextFor()
    Object.defineProperty(ctx, 'now', { get: () => (reads++, NOW) })
    await readArgs({ namespace: { default: ({ namespace }) => namespace } }, ctx)
    expect(reads).toBe(0)
    await readArgs({ when: { default: ({ now }) => now } }, ctx)
    expect(reads).toBe(1)
  })

  it('refuses missing required arguments, all named at once, before any rule runs', async () => {
    let validated = false
    const specs: ParamSpecs = {
      check: { validate: () => ((validated = true), true) },
      start_date: { required: true },
      title: { required: true },
    }
    expect(await refusal(read(specs, { query: { check: 'x' } }))).toMatchObject({
      code: 'rest_missing_callback_param',
      data: { params: ['start_date', 'title'], status: 400 },
      message: 'Missing parameter(s): start_date, title',
    })
    expect(validated).toBe(false)
  })

  it('takes a declared default as given for a required argument', async () => {
    expect(await read({ status: { default: 'publish', required: true } })).toEqual({
      status: 'publish',
    })
  })
})

describe('readArgs: bounds, rules and types', () => {
  it('refuses a sent value beyond its bounds before its rule reads it', async () => {
    let validated = false
    const specs: ParamSpecs = {
      search: { maxLength: 5, validate: () => ((validated = true), true) },
    }
    expect(await refusal(read(specs, { query: { search: 'toolong' } }))).toMatchObject({
      code: 'rest_invalid_param',
      data: {
        details: {
          search: { code: 'rest_too_long', message: 'search must be at most 5 characters long.' },
        },
        params: { search: 'search must be at most 5 characters long.' },
      },
    })
    expect(validated).toBe(false)
  })

  it('holds arguments without declared bounds to the default ones, and defaults to none', async () => {
    const long = 'x'.repeat(TEXT_LIMITS.argument + 1)
    expect((await refusal(read({ a: {} }, { query: { a: long } }))).data).toMatchObject({
      params: { a: expect.stringContaining('at most') },
    })
    expect(await read({ a: { default: long } })).toEqual({ a: long })
  })

  it("reports each refused argument with its rule's words, all at once", async () => {
    const specs: ParamSpecs = {
      a: { validate: () => false },
      b: { validate: () => new RestError('event-archive-bad-start-date', 'Bad date', 400) },
      c: { type: 'integer' },
      d: { validate: () => true },
    }
    const body = await refusal(read(specs, { query: { a: '1', b: '2', c: 'x', d: '4' } }))
    expect(body).toMatchObject({
      code: 'rest_invalid_param',
      data: {
        details: {
          b: { code: 'event-archive-bad-start-date', data: null, message: 'Bad date' },
          c: { code: 'rest_invalid_type', message: 'c is not of type integer.' },
        },
        params: { a: 'Invalid parameter.', b: 'Bad date', c: 'c is not of type integer.' },
        status: 400,
      },
      message: 'Invalid parameter(s): a, b, c',
    })
  })

  it('keeps what a rule found for the handler, without showing it among the arguments', async () => {
    const args = await read(
      { venue: { validate: () => found({ id: 9 }) } },
      { query: { venue: 'hall' } },
    )
    expect(args).toEqual({ venue: 'hall' })
    expect(foundFor(args, 'venue')).toEqual({ id: 9 })
    expect(foundFor(args, 'other')).toBeUndefined()
  })

  it("coerces to the declared type as WordPress's rest_sanitize_value_from_schema does, then sanitizes", async () => {
    const specs: ParamSpecs = {
      flag: { type: 'boolean' },
      off: { type: 'boolean' },
      per_page: { sanitize: (value) => Math.min(Number(value), 50), type: 'integer' },
      price: { type: 'number' },
    }
    expect(
      await read(specs, { query: { flag: '1', off: 'false', per_page: '80', price: '2.5' } }),
    ).toEqual({ flag: true, off: false, per_page: 50, price: 2.5 })
  })

  it('reads an empty value of our own arguments as not sent: the original ignores them', async () => {
    const specs: ParamSpecs = { ours: { extension: true, type: 'boolean' } }
    expect(await read(specs, { query: { ours: '' } })).toEqual({})
    expect(await read(specs, { query: { ours: '0' } })).toEqual({ ours: false })
  })

  it('refuses what does not read as its type', async () => {
    const cases: [ParamSpecs[string]['type'], unknown][] = [
      ['integer', '1.5'],
      ['integer', ' '],
      ['number', 'Infinity'],
      ['boolean', 'yes'],
      // `rest_is_boolean` takes no empty string (the original refuses `featured=` and `hide_empty=`).
      ['boolean', ''],
      ['boolean', ['1']],
      ['string', ['a']],
      ['array', 'a'],
      ['object', ['a']],
    ]
    for (const [type, value] of cases) {
      expect(
        (await refusal(read({ v: { type } }, { query: { v: value } }))).code,
        `${type} ${JSON.stringify(value)}`,
      ).toBe('rest_invalid_param')
    }
  })

  it('reads any integer written in decimal as itself', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer(), async (n) => {
        expect(await read({ n: { type: 'integer' } }, { query: { n: String(n) } })).toEqual({ n })
      }),
    )
  })

  it('refuses any text that is not a number as an integer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .string({ maxLength: 20 })
          .filter((text) => text.trim() === '' || !Number.isInteger(Number(text))),
        async (text) => {
          expect(
            (await refusal(read({ n: { type: 'integer' } }, { query: { n: text } }))).code,
          ).toBe('rest_invalid_param')
        },
      ),
      { numRuns: 200 },
    )
  })
})
