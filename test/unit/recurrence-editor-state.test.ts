import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import type { EditorState } from '../../src/admin/recurrence/editorState'
import type { SeriesStart, Weekday } from '../../src/recurrence'

import { formatWall, PREVIEW_SIZE, previewOf } from '../../src/admin/recurrence/preview'
import {
  defaultState,
  MONTH_DAYS,
  ORDINALS,
  ruleOfState,
  seriesOfForm,
  stateOfRule,
} from '../../src/admin/recurrence/editorState'
import { expandRecurrence, parseRule, RecurrenceError } from '../../src/recurrence'
import { WEEKDAYS } from '../../src/recurrence/types'

const NEW_YORK: SeriesStart = {
  start: '2027-03-01T09:00:00',
  timeZone: 'America/New_York',
  allDay: false,
}
const ALL_DAY: SeriesStart = { start: '2027-03-01', timeZone: 'Europe/Paris', allDay: true }

/** What the choices of a state say: the fields its repeat and ending read, the others being the form's memory. */
function said(state: EditorState) {
  const { repeat, interval, ending } = state
  return {
    repeat,
    interval,
    ...(repeat === 'weekly' ? { weekdays: state.weekdays } : {}),
    ...(repeat === 'monthly' ? { monthlyBy: state.monthlyBy } : {}),
    ...(repeat === 'monthly' && state.monthlyBy === 'monthDay' ? { monthDay: state.monthDay } : {}),
    ...(repeat === 'monthly' && state.monthlyBy === 'nthWeekday'
      ? { ordinal: state.ordinal, ordinalWeekday: state.ordinalWeekday }
      : {}),
    ending,
    ...(ending === 'count' ? { count: state.count } : {}),
    ...(ending === 'until' ? { until: state.until } : {}),
  }
}

const weekday = fc.constantFrom(...WEEKDAYS)
const date = fc
  .date({
    min: new Date('2027-01-01T00:00:00Z'),
    max: new Date('2031-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10))

/** Every state the choices can reach, for a series of either kind. */
const chosenState = fc.record({
  repeat: fc.constantFrom(
    'daily' as const,
    'weekly' as const,
    'monthly' as const,
    'yearly' as const,
  ),
  interval: fc.integer({ min: 1, max: 999 }),
  weekdays: fc
    .uniqueArray(weekday, { minLength: 1, maxLength: 7 })
    .map((days) => WEEKDAYS.filter((day) => days.includes(day))),
  monthlyBy: fc.constantFrom('monthDay' as const, 'nthWeekday' as const),
  monthDay: fc.constantFrom(...MONTH_DAYS),
  ordinal: fc.constantFrom(...ORDINALS),
  ordinalWeekday: weekday,
  ending: fc.constantFrom('never' as const, 'count' as const, 'until' as const),
  count: fc.integer({ min: 1, max: 1000 }),
  until: date,
  custom: fc.constant(''),
})

describe('the recurrence editor’s choices and the rule text', () => {
  it('writes the common rules as the field keeps them', () => {
    const base = defaultState(NEW_YORK.start)
    expect(ruleOfState(base)).toBe('')
    expect(
      ruleOfState({ ...base, repeat: 'weekly', weekdays: ['WE', 'MO'], ending: 'count', count: 6 }),
    ).toBe('FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6')
    expect(
      ruleOfState({
        ...base,
        repeat: 'monthly',
        monthlyBy: 'nthWeekday',
        ordinal: 2,
        ordinalWeekday: 'TU',
      }),
    ).toBe('FREQ=MONTHLY;BYDAY=2TU')
    expect(
      ruleOfState({
        ...base,
        repeat: 'monthly',
        monthlyBy: 'nthWeekday',
        ordinal: -1,
        ordinalWeekday: 'FR',
        interval: 3,
      }),
    ).toBe('FREQ=MONTHLY;INTERVAL=3;BYDAY=-1FR')
    expect(
      ruleOfState({ ...base, repeat: 'daily', interval: 2, ending: 'until', until: '2027-06-30' }),
    ).toBe('FREQ=DAILY;INTERVAL=2;UNTIL=20270630')
    expect(
      ruleOfState({
        ...base,
        repeat: 'custom',
        custom: ' RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH ',
      }),
    ).toBe('FREQ=YEARLY;BYMONTH=11;BYDAY=4TH')
  })

  it('opens on the start’s weekday, day of the month and its place in the month', () => {
    // 2027-03-26 is the last Friday of March; 2027-03-09 the second Tuesday.
    expect(defaultState('2027-03-26T19:00:00')).toMatchObject({
      weekdays: ['FR'],
      monthDay: 26,
      ordinal: -1,
      ordinalWeekday: 'FR',
    })
    expect(defaultState('2027-03-09')).toMatchObject({
      weekdays: ['TU'],
      monthDay: 9,
      ordinal: 2,
      ordinalWeekday: 'TU',
    })
  })

  it('reads a rule’s implicit days as the start’s, and an end of day in UTC as its date in the event’s zone', () => {
    expect(said(stateOfRule('FREQ=WEEKLY;COUNT=4', NEW_YORK))).toEqual({
      repeat: 'weekly',
      interval: 1,
      weekdays: ['MO'],
      ending: 'count',
      count: 4,
    })
    expect(said(stateOfRule('FREQ=MONTHLY', NEW_YORK))).toEqual({
      repeat: 'monthly',
      interval: 1,
      monthlyBy: 'monthDay',
      monthDay: 1,
      ending: 'never',
    })
    // 23:59:59 on June 30 in New York (summer time) is 03:59:59 UTC the next day.
    expect(said(stateOfRule('FREQ=DAILY;UNTIL=20270701T035959Z', NEW_YORK))).toEqual({
      repeat: 'daily',
      interval: 1,
      ending: 'until',
      until: '2027-06-30',
    })
  })

  it('opens what the choices cannot say as custom text, as it was written', () => {
    for (const text of [
      'FREQ=YEARLY;BYMONTH=11;BYDAY=4TH',
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      'FREQ=MONTHLY;BYMONTHDAY=1,15',
      'FREQ=MONTHLY;BYDAY=-2FR',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=SU',
      'FREQ=DAILY;UNTIL=20270630T120000Z',
      'FREQ=DAILY;BYDAY=MO',
      'FREQ=HOURLY',
      'FREQ=WEEKLY;BYHOUR=9',
      'not a rule',
    ]) {
      expect(stateOfRule(text, NEW_YORK)).toMatchObject({ repeat: 'custom', custom: text })
    }
    expect(stateOfRule('  ', NEW_YORK).repeat).toBe('none')
    expect(stateOfRule(null, NEW_YORK).repeat).toBe('none')
  })

  it('round-trips every rule the choices can say (fast-check)', () => {
    fc.assert(
      fc.property(chosenState, fc.boolean(), (state, allDay) => {
        const series = allDay ? ALL_DAY : NEW_YORK
        const text = ruleOfState(state)
        const read = stateOfRule(text, series)
        expect(said(read)).toEqual(said(state))
        expect(ruleOfState(read)).toBe(text)
      }),
      { numRuns: 500 },
    )
  })

  it('reads any rule as choices that mean the same occurrences, or as its own text (fast-check)', () => {
    // Each part is left out more often than not, so that rules the choices can say come up often.
    const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
      fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary })
    const byDay = fc.uniqueArray(
      fc.tuple(fc.constantFrom('', '1', '2', '-1', '5', '-2'), weekday),
      { minLength: 1, maxLength: 3, selector: ([, day]) => day },
    )
    const rule = fc
      .record({
        freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
        interval: fc.integer({ min: 1, max: 4 }),
        byDay: sometimes(byDay),
        byMonthDay: sometimes(
          fc.uniqueArray(fc.constantFrom(1, 9, 26, 31, -1, -2), { minLength: 1, maxLength: 2 }),
        ),
        byMonth: sometimes(
          fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 2 }),
        ),
        wkst: sometimes(fc.constantFrom<Weekday>('MO', 'SU')),
        count: sometimes(fc.integer({ min: 1, max: 30 })),
        until: sometimes(date),
      })
      .map(({ freq, interval, byDay, byMonthDay, byMonth, wkst, count, until }) =>
        [
          `FREQ=${freq}`,
          interval !== 1 && `INTERVAL=${interval}`,
          byDay && `BYDAY=${byDay.map(([ordinal, day]) => ordinal + day).join(',')}`,
          byMonthDay && `BYMONTHDAY=${byMonthDay.join(',')}`,
          byMonth && `BYMONTH=${byMonth.join(',')}`,
          wkst && `WKST=${wkst}`,
          count !== undefined ? `COUNT=${count}` : until && `UNTIL=${until.replaceAll('-', '')}`,
        ]
          .filter(Boolean)
          .join(';'),
      )
    // A Monday the 1st, the second Tuesday, the last Friday, a 31st.
    const starts = fc.constantFrom(
      '2027-03-01T09:00:00',
      '2027-03-09T18:30:00',
      '2027-03-26T19:00:00',
      '2027-01-31T08:00:00',
    )
    const horizon = new Date('2030-01-01T00:00:00Z')
    const outcome = (text: string, series: SeriesStart) => {
      try {
        return expandRecurrence(
          series,
          { rule: parseRule(text, series), rdates: [], exdates: [] },
          horizon,
        ).map((occurrence) => occurrence.start)
      } catch (error) {
        if (error instanceof RecurrenceError) return error.code
        throw error
      }
    }
    fc.assert(
      fc.property(rule, starts, fc.boolean(), (text, start, allDay) => {
        const series: SeriesStart = allDay
          ? { ...ALL_DAY, start: start.slice(0, 10) }
          : { ...NEW_YORK, start }
        const state = stateOfRule(text, series)
        if (state.repeat === 'custom') expect(state.custom).toBe(text)
        else expect(outcome(ruleOfState(state), series)).toEqual(outcome(text, series))
      }),
      { numRuns: 400 },
    )
  })

  it('anchors the series at the form’s start, as a wall-clock value in the event’s zone', () => {
    expect(seriesOfForm('2027-03-01T14:00:00.000Z', 'America/New_York', false)).toEqual(NEW_YORK)
    expect(seriesOfForm('2027-02-28T23:00:00.000Z', 'Europe/Paris', true)).toEqual(ALL_DAY)
    expect(seriesOfForm(undefined, 'UTC', false)).toBeUndefined()
    expect(seriesOfForm('soon', 'UTC', false)).toBeUndefined()
    // A bare offset has no daylight-saving rules for a series to follow.
    expect(seriesOfForm('2027-03-01T14:00:00.000Z', '+02:00', false)).toBeUndefined()
  })
})

describe('the recurrence editor’s summary, preview and refusals', () => {
  const NOW = new Date('2027-01-01T00:00:00Z')
  const event = (rule: string, exdates: string[] = [], rdates: string[] = []) => ({
    startDate: '2027-03-01T14:00:00.000Z',
    timezone: 'America/New_York',
    recurrence: { rule, rdates, exdates },
  })
  const weekly = (rule: string, exdates: string[] = [], rdates: string[] = []) =>
    previewOf(event(rule, exdates, rdates), 'en', NOW)

  it('words the rule and lists its next dates, the excluded ones marked so that they can be brought back', () => {
    const preview = weekly('FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6', ['2027-03-08T09:00:00'])
    expect(preview.error).toBeUndefined()
    expect(preview.summary).toBe('Every Monday and Wednesday at 09:00, 6 times, except on 1 date')
    expect(preview.dates.map((date) => [date.start, date.first, date.excluded])).toEqual([
      ['2027-03-01T09:00:00', true, false],
      ['2027-03-03T09:00:00', false, false],
      ['2027-03-08T09:00:00', false, true],
      ['2027-03-10T09:00:00', false, false],
      ['2027-03-15T09:00:00', false, false],
      ['2027-03-17T09:00:00', false, false],
    ])
    expect(previewOf(event('FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6'), 'fr', NOW).summary).toBe(
      'Chaque lundi et mercredi à 09:00, 6 fois',
    )
    expect(weekly('FREQ=DAILY').dates).toHaveLength(PREVIEW_SIZE)
    expect(weekly('').dates).toEqual([])
  })

  it('shows each refusal next to the choice it is about, with the dates when they can still be listed', () => {
    expect(weekly('FREQ=WEEKLY;BYDAY=MO;COUNT=5000').error).toEqual({
      code: 'count_too_large',
      place: 'ending',
    })
    expect(weekly('FREQ=WEEKLY;INTERVAL=0').error).toEqual({ code: 'interval', place: 'interval' })
    expect(weekly('FREQ=WEEKLY;BYDAY=TU,WE').error).toEqual({
      code: 'start_not_in_rule',
      place: 'repeat',
    })
    expect(weekly('FREQ=WEEKLY;BYDAY=1MO').error).toEqual({ code: 'unsupported', place: 'days' })
    expect(weekly('FREQ=DAILY;UNTIL=20270201').error).toEqual({
      code: 'until_before_start',
      place: 'ending',
    })
    expect(weekly('FREQ=DAILY;UNTIL=20270401').error).toBeUndefined()
    expect(weekly('FREQ=DAILY;UNTIL=20270401', [], ['2026-12-01T09:00:00']).error).toEqual({
      code: 'before_start',
      place: 'rdates',
    })
    const stray = weekly('FREQ=WEEKLY;BYDAY=MO;COUNT=3', ['2027-03-03T09:00:00'])
    expect(stray.error).toEqual({ code: 'not_an_occurrence', place: 'exdates' })
    expect(stray.dates).toHaveLength(3)
  })

  it('formats a wall-clock value as it is, in the editor’s language', () => {
    expect(formatWall('2027-03-01T09:00:00', false, 'en')).toBe('Monday, March 1, 2027 at 9:00 AM')
    expect(formatWall('2027-03-01', true, 'fr')).toBe('lundi 1 mars 2027')
    expect(formatWall('2027-02-30', true, 'fr')).toBe('2027-02-30')
  })
})
