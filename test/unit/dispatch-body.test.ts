import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { MAX_JSON_DEPTH, nestingDepth, readBody } from '../../endpoints/dispatch/body'
import { RestError } from '../../endpoints/errors'

const json = (body: string) => ({
  body,
  headers: new Headers({ 'content-type': 'application/json; charset=utf-8' }),
})
const form = (body: string) => ({
  body,
  headers: new Headers({ 'content-type': 'application/x-www-form-urlencoded' }),
})
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error instanceof RestError ? { code: error.code, status: error.status } : error
  }
  return null
}

describe('readBody: the body as WordPress reads it', () => {
  it('reads JSON by its content type', () => {
    expect(readBody(json('{"title":"Concert","venue":[3]}'))).toEqual({
      title: 'Concert',
      venue: [3],
    })
  })

  it('refuses JSON that does not parse with 400 rest_invalid_json', () => {
    expect(refusal(() => readBody(json('{"title":')))).toEqual({
      code: 'rest_invalid_json',
      status: 400,
    })
  })

  it(`takes JSON nested ${MAX_JSON_DEPTH} levels and calls deeper JSON invalid, as PHP's json_decode does`, () => {
    expect(readBody(json(nested(MAX_JSON_DEPTH)))).toBeDefined()
    expect(refusal(() => readBody(json(nested(MAX_JSON_DEPTH + 1))))).toEqual({
      code: 'rest_invalid_json',
      status: 400,
    })
  })

  it('reads a form as PHP does, lists and maps by brackets', () => {
    expect(readBody(form('title=A%20B&categories[]=1&categories[]=2&venue[id]=3'))).toEqual({
      categories: ['1', '2'],
      title: 'A B',
      venue: { id: '3' },
    })
  })

  it('drops NUL characters from JSON and forms, in keys and values', () => {
    expect(readBody(json('{"ti\\u0000tle":"Con\\u0000cert"}'))).toEqual({ title: 'Concert' })
    expect(readBody(form('title=Con%00cert'))).toEqual({ title: 'Concert' })
  })

  it('has no body when empty, absent, or of another type', () => {
    expect(readBody(json(''))).toBeUndefined()
    expect(
      readBody({ headers: new Headers({ 'content-type': 'application/json' }) }),
    ).toBeUndefined()
    expect(
      readBody({ body: '{"a":1}', headers: new Headers({ 'content-type': 'text/plain' }) }),
    ).toBeUndefined()
    expect(readBody({ body: '{"a":1}', headers: new Headers() })).toBeUndefined()
  })
})

describe('nestingDepth', () => {
  it('counts the levels of arrays and objects; a scalar is none', () => {
    expect(nestingDepth(1)).toBe(0)
    expect(nestingDepth(null)).toBe(0)
    expect(nestingDepth({})).toBe(1)
    expect(nestingDepth({ a: [1, { b: [] }] })).toBe(4)
  })

  it('is the depth of any value built that deep, up to the limit', () => {
    const deep = fc
      .integer({ max: MAX_JSON_DEPTH, min: 1 })
      .chain((depth) =>
        fc.tuple(
          fc.constant(depth),
          fc.array(fc.boolean(), { maxLength: depth, minLength: depth }),
        ),
      )
    fc.assert(
      fc.property(deep, ([depth, asObject]) => {
        let value: unknown = asObject[0] ? {} : []
        for (let level = 1; level < depth; level++)
          value = asObject[level] ? { child: value, leaf: 1 } : [0, value]
        expect(nestingDepth(value)).toBe(depth)
      }),
      { numRuns: 200 },
    )
  })

  it('stops counting past the limit, so a hostile depth costs no more than the limit', () => {
    expect(nestingDepth(JSON.parse(nested(MAX_JSON_DEPTH + 50)))).toBe(MAX_JSON_DEPTH + 1)
  })
})
