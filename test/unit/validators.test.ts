import { describe, expect, it } from 'vitest'

import {
  filterPostStatusList,
  isPositiveInt,
  isPositiveIntList,
  isPostStatus,
  isString,
  isStringOrEmpty,
  isTime,
  isUrl,
  readsAsId,
  supportsTicketed,
  toList,
} from '../../endpoints/validators'
import { RestError } from '../../endpoints/errors'
import { restContextFor } from './dispatch-fixtures'

/* The original's validation rules that need no database (docs/compatibility.md, "Validation rules"). */

const ctx = restContextFor()
const MAX_INT4 = 2_147_483_647

describe('integers and lists of them', () => {
  it('takes a positive integer as a number or as digits, within a Postgres integer', () => {
    expect(
      [1, '1', ' 42 ', MAX_INT4, String(MAX_INT4)].map((value) => isPositiveInt(value, ctx)),
    ).toEqual([true, true, true, true, true])
    expect(
      [0, '0', -1, '-1', 1.5, '1.5', '1e3', '', 'abc', MAX_INT4 + 1, null, [1]].map((value) =>
        isPositiveInt(value, ctx),
      ),
    ).toEqual(Array(12).fill(false))
  })

  it('reads a term entry as an id only when it is integral and fits an id', () => {
    expect([readsAsId('12'), readsAsId(12), readsAsId('music'), readsAsId('99999999999')]).toEqual([
      true,
      true,
      false,
      false,
    ])
  })

  it("reads a list as PHP's list_to_array: comma-separated text trimmed, empty entries dropped", () => {
    expect(toList(' 1, 2,,3 ')).toEqual(['1', '2', '3'])
    expect(toList([1, 'a'])).toEqual([1, 'a'])
    expect(toList(7)).toEqual([7])
    expect([toList(''), toList(null), toList({ a: 1 })]).toEqual([[], [], []])
  })

  it('takes a non-empty list of positive integers only', () => {
    expect([isPositiveIntList('1,2', ctx), isPositiveIntList([3], ctx)]).toEqual([true, true])
    expect([
      isPositiveIntList('', ctx),
      isPositiveIntList('1,0', ctx),
      isPositiveIntList('1,a', ctx),
    ]).toEqual([false, false, false])
  })
})

describe('text', () => {
  it("is the original's is_string: text that PHP's empty() does not call empty", () => {
    expect([isString('a', ctx), isString(' ', ctx)]).toEqual([true, true])
    expect([isString('', ctx), isString('0', ctx), isString(1, ctx), isString(null, ctx)]).toEqual([
      false,
      false,
      false,
      false,
    ])
  })

  it('takes empty values too where emptying is allowed', () => {
    expect(['', null, 0, '0', 'a'].map((value) => isStringOrEmpty(value, ctx))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ])
    expect([1, false, []].map((value) => isStringOrEmpty(value, ctx))).toEqual([
      false,
      false,
      false,
    ])
  })

  it('takes an absolute URL with a host', () => {
    expect(
      ['https://a.example/x', 'http://localhost:3000'].map((value) => isUrl(value, ctx)),
    ).toEqual([true, true])
    expect(
      ['a.example', '/path', 'mailto:a@b.example', '', 5].map((value) => isUrl(value, ctx)),
    ).toEqual([false, false, false, false, false])
  })

  it('takes what PHP’s FILTER_VALIDATE_URL takes, as the original (checked against it)', () => {
    const taken = [
      'http://localhost',
      'http://1.2.3.4',
      'http://xn--e-9fa.com',
      'http://[::1]/',
      'http://a.com/<x>',
      'http://a.com/{x}',
      'http://a.com/`',
      'http://a.com./',
      'https://a.com/?q=a|b',
    ]
    const refused = [
      'http://a_b.com',
      'http://-a.com',
      'http://é.com',
      'http://a.com/é',
      'http://a..com',
      'http:/a.com',
      'http://user:pa ss@a.com',
      'http://ok.com/a b',
    ]
    expect(taken.filter((value) => !isUrl(value, ctx))).toEqual([])
    expect(refused.filter((value) => isUrl(value, ctx))).toEqual([])
  })
})

describe('statuses', () => {
  it('knows the six statuses', () => {
    expect(
      ['draft', 'pending', 'future', 'publish', 'private', 'trash'].every((status) =>
        isPostStatus(status, ctx),
      ),
    ).toBe(true)
    expect(['any', 'Publish', '', 1].some((status) => isPostStatus(status, ctx))).toBe(false)
  })

  it('lets visitors ask for published items only, and editors for any statuses but any', () => {
    const visitor = restContextFor()
    const contributor = restContextFor({ user: { id: 2, role: 'contributor' } as never })
    expect([
      filterPostStatusList('publish', visitor),
      filterPostStatusList('publish,draft', visitor),
      filterPostStatusList('draft', visitor),
    ]).toEqual([true, false, false])
    expect([
      filterPostStatusList('draft, pending', contributor),
      filterPostStatusList('any', contributor),
      filterPostStatusList('', contributor),
    ]).toEqual([true, false, false])
  })
})

describe('isTime', () => {
  it('takes what strtotime reads, and Unix timestamps', () => {
    expect(
      [
        '2026-11-21',
        '2026-11-21 10:00',
        'tomorrow 9am',
        '+5 days',
        1_700_000_000,
        '1700000000',
      ].map((value) => isTime(value, ctx)),
    ).toEqual(Array(6).fill(true))
  })

  it('refuses blank text, what does not parse, and the Unix epoch itself', () => {
    expect(
      ['', '  ', 'not a date', null, 0, '1970-01-01 00:00:00'].map((value) => isTime(value, ctx)),
    ).toEqual(Array(6).fill(false))
  })
})

describe('supportsTicketed', () => {
  it('refuses asking for ticketed events, which need Event Tickets', () => {
    for (const value of ['1', 'true', 'YES', 'on', true]) {
      const verdict = supportsTicketed(value, ctx)
      expect(verdict).toBeInstanceOf(RestError)
      expect((verdict as RestError).code).toBe('event-tickets-not-active')
    }
    expect(['0', 'false', '', false].map((value) => supportsTicketed(value, ctx))).toEqual([
      true,
      true,
      true,
      true,
    ])
  })
})
