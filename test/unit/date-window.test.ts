import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  DATE_BOUNDS,
  type DateBound,
  includeWindow,
  isStrict,
  parseDateWindow,
} from '../../endpoints/events/dateWindow'
import { formatWallTime } from '../../src/lib/phpDate'

/*
 * The events list's date window (contract.md §7.3, docs/compatibility.md "Events list date
 * window"): whole days of the date as written unless `strict_dates`, then exact UTC instants; the
 * default start and end dropped when a relative bound is sent without them.
 */

const NOW = new Date('2026-11-21T00:37:04Z')
const NY = 'America/New_York'

function windowOf(
  values: Partial<Record<DateBound, unknown>>,
  { sent = Object.keys(values), siteTimezone = NY, strict = false } = {},
) {
  return parseDateWindow({
    now: NOW,
    sent: (name) => sent.includes(name),
    siteTimezone,
    strict,
    values,
  })
}

describe('parseDateWindow without strict_dates: whole days of the date as written', () => {
  it('widens start_date to 00:00:00 and the other bounds to 23:59:59, in the site’s timezone', () => {
    const window = windowOf({
      end_date: '2018-01-01 18:00:00',
      start_date: '2018-01-01 15:00:00',
      starts_before: '2018-02-03',
    })
    expect(window.echo).toEqual({
      end_date: '2018-01-01 23:59:59',
      start_date: '2018-01-01 00:00:00',
      starts_before: '2018-02-03 23:59:59',
    })
    expect(window.instants.start_date).toEqual(new Date('2018-01-01T05:00:00Z'))
    expect(window.instants.end_date).toEqual(new Date('2018-01-02T04:59:59Z'))
  })

  it('takes the date a text names with its own offset, and a Unix timestamp’s UTC date', () => {
    expect(windowOf({ start_date: '2018-01-01T23:00:00-05:00' }).echo.start_date).toBe(
      '2018-01-01 00:00:00',
    )
    expect(windowOf({ end_date: String(Date.UTC(2018, 5, 30, 23, 30) / 1000) }).echo.end_date).toBe(
      '2018-06-30 23:59:59',
    )
  })

  it('leaves out a bound that does not parse, or is absent', () => {
    expect(windowOf({ end_date: null, start_date: 'not a date' })).toEqual({
      echo: {},
      instants: {},
    })
  })

  it('keeps the bounds in their documented order', () => {
    const all = Object.fromEntries(DATE_BOUNDS.map((bound) => [bound, '2020-03-04']))
    expect(Object.keys(windowOf(all).echo)).toEqual([...DATE_BOUNDS])
  })

  const day = fc
    .date({
      max: new Date('2099-12-31T00:00:00Z'),
      min: new Date('1971-01-01T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10))
  const time = fc
    .tuple(fc.integer({ max: 23, min: 0 }), fc.integer({ max: 59, min: 0 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`)

  it('keeps the date as written, whatever the time (round trip)', () => {
    fc.assert(
      fc.property(day, time, (date, clock) => {
        const window = windowOf({ end_date: `${date} ${clock}`, start_date: `${date} ${clock}` })
        expect(window.echo).toEqual({
          end_date: `${date} 23:59:59`,
          start_date: `${date} 00:00:00`,
        })
      }),
    )
  })

  it('never starts after it ends for dates in order, and a single day spans it whole', () => {
    fc.assert(
      fc.property(day, day, time, time, (a, b, t1, t2) => {
        const [first, last] = a <= b ? [a, b] : [b, a]
        const { instants } = windowOf({ end_date: `${last} ${t2}`, start_date: `${first} ${t1}` })
        expect(instants.start_date!.getTime()).toBeLessThanOrEqual(instants.end_date!.getTime())
        if (first === last) expect(formatWallTime(instants.end_date!, NY)).toBe(`${last} 23:59:59`)
      }),
    )
  })
})

describe('parseDateWindow of numbers, as the original reads them (numericBound.ts)', () => {
  it('reads a whole number as a Unix timestamp, and 0, empty to PHP, as today in UTC', () => {
    // NOW is 2026-11-21 in UTC and still the 20th in New York.
    expect(windowOf({ start_date: '0', end_date: '0' }).echo).toEqual({
      end_date: '2026-11-21 23:59:59',
      start_date: '2026-11-21 00:00:00',
    })
    for (const text of ['00', '1.0', '5 ', '-0', '1.000000'])
      expect(windowOf({ start_date: text }).echo.start_date, text).toBe('1970-01-01 00:00:00')
    expect(windowOf({ start_date: '-5' }).echo.start_date).toBe('1969-12-31 00:00:00')
    expect(windowOf({ start_date: '0' }, { strict: true }).echo.start_date).toBe(
      '1969-12-31 19:00:00',
    )
  })

  it('drops a whole number no date is built of, and a numeric text that names no time', () => {
    for (const text of ['1e3', '+5', ' 5', '5.', '1.0000000', '1.555', '1e400', '9'.repeat(150)])
      expect(windowOf({ end_date: '2027-01-20', start_date: text }).echo, text).toEqual({
        end_date: '2027-01-20 23:59:59',
      })
  })

  it('compares a dropped relative bound with the clock, and echoes none', () => {
    const window = windowOf({
      end_date: '2027-01-20',
      starts_after: '1e3',
      start_date: '2026-01-01',
    })
    expect(window.echo).toEqual({
      end_date: '2027-01-20 23:59:59',
      start_date: '2026-01-01 00:00:00',
    })
    expect(window.instants.starts_after).toEqual(NOW)
    expect(windowOf({ ends_before: '+5' }, { strict: true }).instants).toEqual({ ends_before: NOW })
  })
})

describe('parseDateWindow with strict_dates: exact UTC instants', () => {
  it('reads a zone-less value as UTC and echoes it as the site’s wall time (the original’s own example)', () => {
    const window = windowOf({ start_date: '2017-12-21' }, { strict: true })
    expect(window.echo.start_date).toBe('2017-12-20 19:00:00')
    expect(window.instants.start_date).toEqual(new Date('2017-12-21T00:00:00Z'))
  })

  it('keeps a value’s own offset', () => {
    expect(
      windowOf({ end_date: '2018-01-01T10:00:00+02:00' }, { strict: true }).instants.end_date,
    ).toEqual(new Date('2018-01-01T08:00:00Z'))
  })

  it('gives back any instant it was given, to the second (round trip)', () => {
    const instant = fc
      .date({
        max: new Date('2099-12-31T00:00:00Z'),
        min: new Date('1971-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => new Date(Math.floor(date.getTime() / 1000) * 1000))
    fc.assert(
      fc.property(
        instant,
        fc.constantFrom('UTC', 'Asia/Kolkata', 'Pacific/Chatham'),
        (at, zone) => {
          const window = windowOf(
            { starts_after: `${at.toISOString().slice(0, 19)}Z` },
            { siteTimezone: zone, strict: true },
          )
          expect(window.instants.starts_after).toEqual(at)
          expect(window.echo.starts_after).toBe(formatWallTime(at, zone))
        },
      ),
    )
  })
})

describe('parseDateWindow: the default window and relative bounds', () => {
  const defaults = { end_date: '2028-11-20 23:59:59', start_date: '2026-11-19 23:59:00' }

  it('applies the default start and end when no relative bound is sent', () => {
    expect(Object.keys(windowOf({ ...defaults }, { sent: [] }).echo)).toEqual([
      'start_date',
      'end_date',
    ])
  })

  it('drops the defaults when a relative bound is sent without them', () => {
    for (const relative of [
      'starts_before',
      'starts_after',
      'ends_before',
      'ends_after',
    ] as const) {
      expect(
        Object.keys(windowOf({ ...defaults, [relative]: '2027-01-01' }, { sent: [relative] }).echo),
      ).toEqual([relative])
    }
  })

  it('keeps a start or end the client sent beside a relative bound, and ANDs them', () => {
    const window = windowOf(
      { ...defaults, ends_before: '2027-01-01', start_date: '2026-12-30' },
      { sent: ['ends_before', 'start_date'] },
    )
    expect(window.echo).toEqual({
      ends_before: '2027-01-01 23:59:59',
      start_date: '2026-12-30 00:00:00',
    })
  })
})

describe('isStrict', () => {
  it("reads strict_dates as PHP's FILTER_VALIDATE_BOOLEAN does", () => {
    expect(['1', 'true', 'on', 'yes', ' TRUE ', 'Yes', 1, true].map(isStrict)).toEqual(
      Array(8).fill(true),
    )
    expect(
      ['false', '0', '', 'off', 'no', 'y', '2', 0, false, null, undefined].map(isStrict),
    ).toEqual(Array(11).fill(false))
  })
})

describe('includeWindow', () => {
  it('applies the default window as computed, the start in the site’s time, the end as UTC, not widened', () => {
    const window = includeWindow(
      { end_date: '2028-11-21 00:37:04', start_date: '2026-11-19 18:59:00' },
      NY,
    )
    expect(window.echo).toEqual({
      end_date: '2028-11-21 00:37:04',
      start_date: '2026-11-19 18:59:00',
    })
    expect(window.instants).toEqual({
      end_date: new Date('2028-11-21T00:37:04Z'),
      start_date: new Date('2026-11-19T23:59:00Z'),
    })
  })
})
