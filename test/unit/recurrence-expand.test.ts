import { describe, expect, it } from 'vitest'

import type { Recurrence, SeriesStart } from '../../src/recurrence'

import {
  endsBy,
  expandEventSeries,
  expandRecurrence,
  formatRecurrence,
  parseRecurrence,
  WHOLE_SERIES,
} from '../../src/recurrence'

const HORIZON = new Date('2030-01-01T00:00:00Z')
const newYork = (start: string): SeriesStart => ({
  start,
  timeZone: 'America/New_York',
  allDay: false,
})
const expandText = (text: string, horizon = HORIZON) => {
  const { series, recurrence } = parseRecurrence(text)
  return expandRecurrence(series, recurrence, horizon)
}

describe('recurrence expansion', () => {
  it("keeps issue 26's weekly Monday 09:00 New York series at 09:00 across the DST change: 5 occurrences at 14:00 then 13:00 UTC", () => {
    const series = newYork('2027-03-01T09:00:00')
    const recurrence: Recurrence = {
      rule: { freq: 'WEEKLY', interval: 1, byDay: [{ weekday: 'MO' }], count: 6 },
      rdates: [],
      exdates: ['2027-03-22T09:00:00'],
    }
    const occurrences = expandRecurrence(series, recurrence, HORIZON)
    expect(occurrences.map((occurrence) => occurrence.startUtc)).toEqual([
      '2027-03-01T14:00:00Z',
      '2027-03-08T14:00:00Z',
      '2027-03-15T13:00:00Z',
      '2027-03-29T13:00:00Z',
      '2027-04-05T13:00:00Z',
    ])
    expect(occurrences.every((occurrence) => occurrence.start.endsWith('T09:00:00'))).toBe(true)
  })

  it('writes the series as RFC 5545 text and reads the same series back', () => {
    const series = newYork('2027-03-01T09:00:00')
    const recurrence: Recurrence = {
      rule: {
        freq: 'MONTHLY',
        interval: 2,
        byDay: [
          { weekday: 'MO', ordinal: 1 },
          { weekday: 'FR', ordinal: -1 },
        ],
        until: '2027-12-31T09:00:00',
      },
      rdates: ['2027-03-03T09:00:00'],
      exdates: ['2027-05-03T09:00:00'],
    }
    const text = formatRecurrence(series, recurrence)
    expect(text).toBe(
      [
        'DTSTART;TZID=America/New_York:20270301T090000',
        'RRULE:FREQ=MONTHLY;INTERVAL=2;BYDAY=1MO,-1FR;UNTIL=20271231T140000Z',
        'RDATE;TZID=America/New_York:20270303T090000',
        'EXDATE;TZID=America/New_York:20270503T090000',
      ].join('\n'),
    )
    expect(parseRecurrence(text)).toEqual({ series, recurrence })
  })

  it('reads folded lines, lower-case names and several RDATE lines', () => {
    const { recurrence } = parseRecurrence(
      'DTSTART;TZID=Europe/Paris:20270301T180000\r\nRRULE:freq=weekly;byday=mo,\r\n we;count=4\r\nRDATE;TZID=Europe/Paris:20270310T180000\r\nRDATE;TZID=Europe/Paris:20270311T180000\r\n',
    )
    expect(recurrence.rule).toEqual({
      freq: 'WEEKLY',
      interval: 1,
      byDay: [{ weekday: 'MO' }, { weekday: 'WE' }],
      count: 4,
    })
    expect(recurrence.rdates).toEqual(['2027-03-10T18:00:00', '2027-03-11T18:00:00'])
  })

  it('picks the first Monday, the last Friday and the last weekday of a month (BYDAY ordinals, BYSETPOS)', () => {
    const starts = (text: string) => expandText(text).map((occurrence) => occurrence.start)
    expect(
      starts('DTSTART;TZID=America/New_York:20270301T190000\nRRULE:FREQ=MONTHLY;BYDAY=1MO;COUNT=3'),
    ).toEqual(['2027-03-01T19:00:00', '2027-04-05T19:00:00', '2027-05-03T19:00:00'])
    expect(
      starts(
        'DTSTART;TZID=America/New_York:20270326T190000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=3',
      ),
    ).toEqual(['2027-03-26T19:00:00', '2027-04-30T19:00:00', '2027-05-28T19:00:00'])
    expect(
      starts(
        'DTSTART;TZID=America/New_York:20270331T190000\nRRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=3',
      ),
    ).toEqual(['2027-03-31T19:00:00', '2027-04-30T19:00:00', '2027-05-31T19:00:00'])
  })

  it('counts days from the end of each month in a yearly rule (where ical.js 2.2.1 errs, so the cross-check leaves it out)', () => {
    const starts = expandText(
      'DTSTART;TZID=Europe/Paris:20260101T120000\nRRULE:FREQ=YEARLY;BYMONTH=1,4;BYMONTHDAY=1,-1;COUNT=8',
    ).map((occurrence) => occurrence.start.slice(0, 10))
    expect(starts).toEqual([
      '2026-01-01',
      '2026-01-31',
      '2026-04-01',
      '2026-04-30',
      '2027-01-01',
      '2027-01-31',
      '2027-04-01',
      '2027-04-30',
    ])
  })

  it("keeps an all-day series on dates, with each day starting at midnight in the event's zone", () => {
    const series: SeriesStart = { start: '2027-03-27', timeZone: 'Australia/Sydney', allDay: true }
    const occurrences = expandRecurrence(
      series,
      { rule: { freq: 'WEEKLY', interval: 1, count: 3 }, rdates: [], exdates: [] },
      HORIZON,
    )
    // Sydney leaves daylight saving on 2027-04-04: midnight moves from 13:00 to 14:00 UTC the day before.
    expect(occurrences).toEqual([
      { start: '2027-03-27', startUtc: '2027-03-26T13:00:00Z', fromRdate: false },
      { start: '2027-04-03', startUtc: '2027-04-02T13:00:00Z', fromRdate: false },
      { start: '2027-04-10', startUtc: '2027-04-09T14:00:00Z', fromRdate: false },
    ])
  })

  it('gives no occurrence on a day whose wall-clock time the zone skips (RFC 5545 §3.3.10)', () => {
    const starts = expandText(
      'DTSTART;TZID=America/New_York:20270307T023000\nRRULE:FREQ=WEEKLY;COUNT=3',
    ).map((occurrence) => occurrence.start)
    expect(starts).toEqual(['2027-03-07T02:30:00', '2027-03-21T02:30:00', '2027-03-28T02:30:00'])
  })

  it('merges extra dates in order and marks them', () => {
    const occurrences = expandText(
      'DTSTART;TZID=America/New_York:20270301T090000\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3\nRDATE;TZID=America/New_York:20270310T120000',
    )
    expect(occurrences.map((occurrence) => [occurrence.start, occurrence.fromRdate])).toEqual([
      ['2027-03-01T09:00:00', false],
      ['2027-03-08T09:00:00', false],
      ['2027-03-10T12:00:00', true],
      ['2027-03-15T09:00:00', false],
    ])
  })

  it('expands a series with no rule to its start and extra dates', () => {
    const occurrences = expandText(
      'DTSTART;VALUE=DATE:20270301\nRDATE;VALUE=DATE:20270704,20270401\nEXDATE;VALUE=DATE:20270401',
    )
    expect(occurrences.map((occurrence) => occurrence.start)).toEqual(['2027-03-01', '2027-07-04'])
  })

  it('stops at the horizon', () => {
    const occurrences = expandText(
      'DTSTART;TZID=Asia/Kathmandu:20270301T090000\nRRULE:FREQ=DAILY',
      new Date('2027-03-10T03:15:00Z'),
    )
    expect(occurrences.map((occurrence) => occurrence.startUtc).at(-1)).toBe('2027-03-10T03:15:00Z')
    expect(occurrences).toHaveLength(10)
  })
})

describe('a series stored whole', () => {
  const weekly = (rule: Partial<NonNullable<Recurrence['rule']>>, rdates: string[] = []) => ({
    rule: { freq: 'WEEKLY' as const, interval: 1, byDay: [{ weekday: 'MO' as const }], ...rule },
    rdates,
    exdates: [],
  })
  const series = newYork('2027-03-01T09:00:00')

  it('is one whose COUNT or UNTIL ends it by the horizon, and no other', () => {
    expect(endsBy(series, weekly({ count: 6 }), new Date('2027-04-06T00:00:00Z'))).toBe(true)
    // The sixth, 5 April at 13:00 UTC, comes after this horizon.
    expect(endsBy(series, weekly({ count: 6 }), new Date('2027-04-05T12:00:00Z'))).toBe(false)
    expect(endsBy(series, weekly({ until: '2027-05-31T09:00:00' }), HORIZON)).toBe(true)
    expect(endsBy(series, weekly({}), HORIZON)).toBe(false)
    // An extra date after the horizon (or within a day of it) is still to come.
    expect(endsBy(series, weekly({ count: 2 }, ['2030-02-01T09:00:00']), HORIZON)).toBe(false)
    expect(endsBy(series, weekly({ count: 2 }, ['2027-06-01T09:00:00']), HORIZON)).toBe(true)
  })

  it('asks an all-day series again for the last day before the horizon', () => {
    const days: SeriesStart = { start: '2027-01-01', timeZone: 'Pacific/Auckland', allDay: true }
    const daily = {
      rule: { freq: 'DAILY' as const, interval: 1, count: 3 },
      rdates: [],
      exdates: [],
    }
    expect(endsBy(days, daily, new Date('2027-01-03T00:00:00Z'))).toBe(false)
    expect(endsBy(days, daily, new Date('2027-01-05T00:00:00Z'))).toBe(true)
  })

  it('is marked so, and an endless one with its horizon', () => {
    const fields = {
      startDate: '2027-03-01T14:00:00.000Z',
      startLocal: '2027-03-01T09:00:00',
      timezone: 'America/New_York',
      allDay: false,
    }
    const ended = expandEventSeries(
      { ...fields, recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=6' } } as never,
      HORIZON,
    )!
    expect(ended.storedUntil).toEqual(WHOLE_SERIES)
    const endless = expandEventSeries(
      { ...fields, recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO' } } as never,
      new Date('2027-06-01T00:00:00Z'),
    )!
    expect(endless.storedUntil).toEqual(new Date('2027-06-01T00:00:00Z'))
  })
})
