import { describe, expect, it } from 'vitest'

import { parseRule, type Recurrence, shiftRecurrence } from '../../src/recurrence/index'

const NEW_YORK = { start: '2027-03-01T09:00:00', timeZone: 'America/New_York', allDay: false }

/*
 * A series moved as a whole by dragging one occurrence (docs/recurrence.md, "Exceptions and
 * edits"): its extra and excluded dates and UNTIL move with it, and the days a rule names follow
 * a change of day where they plainly name the start's.
 */
describe('shiftRecurrence', () => {
  const weekly = (rule: string, exdates: string[] = []): Recurrence => ({
    rule: parseRule(rule, NEW_YORK),
    rdates: [],
    exdates,
  })

  it('moves the excluded dates and UNTIL by the same wall-clock shift, across daylight saving', () => {
    const moved = shiftRecurrence(
      NEW_YORK,
      weekly('FREQ=WEEKLY;BYDAY=MO;UNTIL=20270329T130000Z', ['2027-03-15T09:00:00']),
      '2027-03-01T10:30:00',
    )
    expect(moved.series.start).toBe('2027-03-01T10:30:00')
    expect(moved.recurrence.exdates).toEqual(['2027-03-15T10:30:00'])
    expect(moved.recurrence.rule).toMatchObject({
      byDay: [{ weekday: 'MO' }],
      until: '2027-03-29T10:30:00',
    })
  })

  it('turns plain weekdays with the day, and a day of the month that was the start’s', () => {
    const tuesday = shiftRecurrence(
      NEW_YORK,
      weekly('FREQ=WEEKLY;BYDAY=MO,SU'),
      '2027-03-02T09:00:00',
    )
    expect(tuesday.recurrence.rule!.byDay).toEqual([{ weekday: 'TU' }, { weekday: 'MO' }])
    const monthly = shiftRecurrence(
      NEW_YORK,
      { rule: parseRule('FREQ=MONTHLY;BYMONTHDAY=1', NEW_YORK), rdates: [], exdates: [] },
      '2027-03-03T09:00:00',
    )
    expect(monthly.recurrence.rule!.byMonthDay).toEqual([3])
    // "The first Monday" names no plain day: it stays, for the usual check to judge.
    const ordinal = shiftRecurrence(
      NEW_YORK,
      { rule: parseRule('FREQ=MONTHLY;BYDAY=1MO', NEW_YORK), rdates: [], exdates: [] },
      '2027-03-02T09:00:00',
    )
    expect(ordinal.recurrence.rule!.byDay).toEqual([{ weekday: 'MO', ordinal: 1 }])
  })
})
