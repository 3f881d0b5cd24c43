import { describe, expect, it } from 'vitest'

import type { Recurrence, SeriesStart } from '../../src/recurrence'

import { expandRecurrence, parseRecurrence, RecurrenceError } from '../../src/recurrence'

/** Far enough for a daily rule to pass 2,000 occurrences (a site may set a horizon over the default 24 months). */
const HORIZON = new Date('2035-01-01T00:00:00Z')
const series: SeriesStart = {
  start: '2027-03-01T09:00:00',
  timeZone: 'America/New_York',
  allDay: false,
}
const DTSTART = 'DTSTART;TZID=America/New_York:20270301T090000'

/** The error a recurrence's text gets, read then expanded as a save would. */
function refusalOfText(text: string): RecurrenceError {
  try {
    const { series: start, recurrence } = parseRecurrence(text)
    expandRecurrence(start, recurrence, HORIZON)
  } catch (error) {
    if (error instanceof RecurrenceError) return error
    throw error
  }
  throw new Error(`accepted: ${text}`)
}

function refusalOf(recurrence: Recurrence, start: SeriesStart = series): RecurrenceError {
  try {
    expandRecurrence(start, recurrence, HORIZON)
  } catch (error) {
    if (error instanceof RecurrenceError) return error
    throw error
  }
  throw new Error(`accepted: ${JSON.stringify(recurrence)}`)
}

const weekly = { freq: 'WEEKLY', interval: 1 } as const

describe('recurrence bad input: a clear error naming the field', () => {
  it.each([
    ['an unreadable rule', `${DTSTART}\nRRULE:FREQ=WEEKLY;BYDAY`, 'rule', 'unreadable'],
    ['a rule with no FREQ', `${DTSTART}\nRRULE:COUNT=3`, 'rule.freq', 'unreadable'],
    ['an unknown frequency', `${DTSTART}\nRRULE:FREQ=FORTNIGHTLY`, 'rule.freq', 'unsupported'],
    [
      'a part the product does not offer',
      `${DTSTART}\nRRULE:FREQ=DAILY;BYHOUR=9,17`,
      'rule',
      'unsupported',
    ],
    [
      'a weekday that is none',
      `${DTSTART}\nRRULE:FREQ=WEEKLY;BYDAY=MON`,
      'rule.byDay[0]',
      'unreadable',
    ],
    [
      'a COUNT that is no number',
      `${DTSTART}\nRRULE:FREQ=WEEKLY;COUNT=ten`,
      'rule.count',
      'unreadable',
    ],
    [
      'a COUNT over 1,000',
      `${DTSTART}\nRRULE:FREQ=WEEKLY;COUNT=1001`,
      'rule.count',
      'count_too_large',
    ],
    [
      'an UNTIL before the start',
      `${DTSTART}\nRRULE:FREQ=WEEKLY;UNTIL=20270228T140000Z`,
      'rule.until',
      'until_before_start',
    ],
    ['an INTERVAL of 0', `${DTSTART}\nRRULE:FREQ=WEEKLY;INTERVAL=0`, 'rule.interval', 'interval'],
    [
      'more than 2,000 occurrences in the horizon',
      `${DTSTART}\nRRULE:FREQ=DAILY`,
      'rule',
      'too_many_occurrences',
    ],
    [
      'an RDATE in another zone',
      `${DTSTART}\nRRULE:FREQ=WEEKLY\nRDATE;TZID=Europe/Paris:20270303T150000`,
      'rdates[0]',
      'other_zone',
    ],
    [
      'an RDATE in UTC',
      `${DTSTART}\nRRULE:FREQ=WEEKLY\nRDATE:20270303T140000Z`,
      'rdates[0]',
      'other_zone',
    ],
    [
      'an EXDATE that is no occurrence',
      `${DTSTART}\nRRULE:FREQ=WEEKLY;COUNT=6\nEXDATE;TZID=America/New_York:20270308T090000,20270309T090000`,
      'exdates[1]',
      'not_an_occurrence',
    ],
    [
      'an EXDATE after the last occurrence',
      `${DTSTART}\nRRULE:FREQ=WEEKLY;COUNT=6\nEXDATE;TZID=America/New_York:20270412T090000`,
      'exdates[0]',
      'not_an_occurrence',
    ],
    [
      'a start the rule does not give (a Monday rule from a Tuesday)',
      'DTSTART;TZID=America/New_York:20270302T090000\nRRULE:FREQ=WEEKLY;BYDAY=MO',
      'start',
      'start_not_in_rule',
    ],
    [
      'a BYSETPOS beyond the days of its period (never picks a day)',
      `${DTSTART}\nRRULE:FREQ=MONTHLY;BYDAY=MO;BYSETPOS=-366`,
      'rule.bySetPos[0]',
      'out_of_range',
    ],
    [
      'a BYMONTHDAY no month of BYMONTH has (30 February)',
      `${DTSTART}\nRRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30`,
      'rule.byMonthDay',
      'out_of_range',
    ],
    [
      'an UNTIL in year 0',
      `${DTSTART}\nRRULE:FREQ=DAILY;UNTIL=00000101T000000Z`,
      'rule.until',
      'out_of_range',
    ],
    [
      'parts that never meet (a fifth Monday on the 1st), which the library searches for in vain',
      `${DTSTART}\nRRULE:FREQ=MONTHLY;BYDAY=5MO;BYMONTHDAY=1`,
      'start',
      'start_not_in_rule',
    ],
    [
      'an EXDATE of the start itself',
      `${DTSTART}\nRRULE:FREQ=WEEKLY\nEXDATE;TZID=America/New_York:20270301T090000`,
      'exdates[0]',
      'start_excluded',
    ],
    [
      'an RDATE before the start',
      `${DTSTART}\nRRULE:FREQ=WEEKLY\nRDATE;TZID=America/New_York:20270228T090000`,
      'rdates[0]',
      'before_start',
    ],
    [
      'an ordinal in a weekly rule',
      `${DTSTART}\nRRULE:FREQ=WEEKLY;BYDAY=1MO`,
      'rule.byDay[0]',
      'unsupported',
    ],
    [
      'a sixth Monday of the month',
      `${DTSTART}\nRRULE:FREQ=MONTHLY;BYDAY=6MO`,
      'rule.byDay[0]',
      'out_of_range',
    ],
    ['a month 13', `${DTSTART}\nRRULE:FREQ=YEARLY;BYMONTH=13`, 'rule.byMonth[0]', 'out_of_range'],
    [
      'a day of the month 0',
      `${DTSTART}\nRRULE:FREQ=MONTHLY;BYMONTHDAY=1,0`,
      'rule.byMonthDay[1]',
      'out_of_range',
    ],
    [
      'a BYSETPOS alone',
      `${DTSTART}\nRRULE:FREQ=MONTHLY;BYSETPOS=1`,
      'rule.bySetPos',
      'unsupported',
    ],
    [
      'COUNT and UNTIL together',
      `${DTSTART}\nRRULE:FREQ=WEEKLY;COUNT=3;UNTIL=20280101T000000Z`,
      'rule.until',
      'count_and_until',
    ],
    ['an EXRULE', `${DTSTART}\nEXRULE:FREQ=WEEKLY`, 'rule', 'unsupported'],
    ['no DTSTART', 'RRULE:FREQ=WEEKLY', 'start', 'unreadable'],
    ['a floating DTSTART', 'DTSTART:20270301T090000\nRRULE:FREQ=WEEKLY', 'start', 'unreadable'],
    [
      'a date-time RDATE in an all-day series',
      'DTSTART;VALUE=DATE:20270301\nRRULE:FREQ=WEEKLY\nRDATE;TZID=UTC:20270303T090000',
      'rdates[0]',
      'unreadable',
    ],
  ])('refuses %s', (_name, text, field, code) => {
    const error = refusalOfText(text)
    expect({ field: error.field, code: error.code }).toEqual({ field, code })
    expect(error.message).not.toBe('')
  })

  it('refuses more than 1,000 extra or excluded dates, and a text too long to be a recurrence', () => {
    const dates = Array.from({ length: 1001 }, (_, day) =>
      new Date(Date.UTC(2027, 2, 2 + day, 9)).toISOString().slice(0, 19),
    )
    expect(refusalOf({ rule: weekly, rdates: dates, exdates: [] })).toMatchObject({
      field: 'rdates',
      code: 'too_many_dates',
    })
    expect(refusalOf({ rule: weekly, rdates: [], exdates: dates })).toMatchObject({
      field: 'exdates',
      code: 'too_many_dates',
    })
    expect(refusalOfText(`${DTSTART}\nRRULE:FREQ=WEEKLY${' '.repeat(70_000)}`)).toMatchObject({
      field: 'rule',
      code: 'too_long',
    })
  })

  it('says what is wrong in words, with the RFC 5545 part and the value', () => {
    expect(refusalOfText(`${DTSTART}\nRRULE:FREQ=WEEKLY;COUNT=1500`).message).toBe(
      'rule.count (COUNT) must be a whole number from 1 to 1,000; got 1500.',
    )
    expect(
      refusalOfText(`${DTSTART}\nRRULE:FREQ=WEEKLY\nRDATE;TZID=Europe/Paris:20270303T150000`)
        .message,
    ).toBe("rdates[0] is written in Europe/Paris, not in the event's zone America/New_York.")
  })

  it('accepts the largest COUNT and exactly 2,000 occurrences in the horizon', () => {
    expect(
      expandRecurrence(
        series,
        { rule: { ...weekly, count: 1000 }, rdates: [], exdates: [] },
        new Date('2050-01-01T00:00:00Z'),
      ),
    ).toHaveLength(1000)
    const daily = { rule: { freq: 'DAILY', interval: 1 } as const, rdates: [], exdates: [] }
    const lastOf2000 = new Date('2032-08-20T13:00:00Z') // 2027-03-01 + 1,999 days, 09:00 EDT
    expect(expandRecurrence(series, daily, lastOf2000)).toHaveLength(2000)
    expect(refusalOf(daily).code).toBe('too_many_occurrences')
  })

  it('checks the typed recurrence a surface builds from JSON the same way', () => {
    expect(refusalOf({ rule: { ...weekly, interval: 0 }, rdates: [], exdates: [] }).field).toBe(
      'rule.interval',
    )
    expect(refusalOf({ rule: { ...weekly, interval: 1.5 }, rdates: [], exdates: [] }).field).toBe(
      'rule.interval',
    )
    expect(
      refusalOf({ rule: { ...weekly, until: '2027-02-28T09:00:00' }, rdates: [], exdates: [] })
        .code,
    ).toBe('until_before_start')
    expect(
      refusalOf({ rule: weekly, rdates: ['2027-03-03T09:00:00+01:00'], exdates: [] }).code,
    ).toBe('other_zone')
    expect(
      refusalOf({ rule: weekly, rdates: ['2027-03-03T09:00:00[Europe/Paris]'], exdates: [] }).code,
    ).toBe('other_zone')
    expect(refusalOf({ rule: weekly, rdates: ['2027-02-30T09:00:00'], exdates: [] })).toMatchObject(
      { field: 'rdates[0]', code: 'unreadable' },
    )
    expect(refusalOf({ rule: weekly, rdates: [], exdates: ['2027-03-02T09:00:00'] })).toMatchObject(
      { field: 'exdates[0]', code: 'not_an_occurrence' },
    )
    const allDay: SeriesStart = { start: '2027-03-01', timeZone: 'Europe/Paris', allDay: true }
    expect(refusalOf({ rule: weekly, rdates: [], exdates: ['2027-03-09'] }, allDay).field).toBe(
      'exdates[0]',
    )
    expect(
      expandRecurrence(
        allDay,
        { rule: { ...weekly, count: 3 }, rdates: [], exdates: ['2027-03-08'] },
        HORIZON,
      ).map((occurrence) => occurrence.start),
    ).toEqual(['2027-03-01', '2027-03-15'])
  })
})
