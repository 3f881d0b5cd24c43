import { describe, expect, it } from 'vitest'

import type { Recurrence, SeriesStart, StoredOccurrence } from '../../src/recurrence'

import { expandRecurrence, planOccurrenceIds, splitRecurrence } from '../../src/recurrence'

const HORIZON = new Date('2030-01-01T00:00:00Z')
const series: SeriesStart = {
  start: '2027-03-01T09:00:00',
  timeZone: 'America/New_York',
  allDay: false,
}
const weekly: Recurrence = {
  rule: { freq: 'WEEKLY', interval: 1, byDay: [{ weekday: 'MO' }], count: 6 },
  rdates: [],
  exdates: [],
}

/** The series stored with ids 101, 102, … in order, as a save would leave it. */
const stored = (start: SeriesStart, recurrence: Recurrence): StoredOccurrence[] =>
  expandRecurrence(start, recurrence, HORIZON).map((occurrence, index) => ({
    id: 101 + index,
    originalStart: occurrence.start,
  }))

describe('occurrence ids across edits', () => {
  it('keeps every id when nothing about the dates changes (a title edit of "all")', () => {
    const plan = planOccurrenceIds(
      stored(series, weekly),
      expandRecurrence(series, weekly, HORIZON),
      series.start,
      series.start,
    )
    expect(plan.kept.map((kept) => kept.id)).toEqual([101, 102, 103, 104, 105, 106])
    expect(plan.added).toEqual([])
    expect(plan.removedIds).toEqual([])
  })

  it('keeps the ids of the starts that remain when the rule changes, and only those', () => {
    const edited: Recurrence = {
      ...weekly,
      rule: { ...weekly.rule!, byDay: [{ weekday: 'MO' }, { weekday: 'WE' }], count: 4 },
      exdates: ['2027-03-08T09:00:00'],
    }
    const plan = planOccurrenceIds(
      stored(series, weekly),
      expandRecurrence(series, edited, HORIZON),
      series.start,
      series.start,
    )
    expect(plan.kept.map((kept) => [kept.id, kept.occurrence.start])).toEqual([
      [101, '2027-03-01T09:00:00'],
    ])
    expect(plan.added.map((occurrence) => occurrence.start)).toEqual([
      '2027-03-03T09:00:00',
      '2027-03-10T09:00:00',
    ])
    expect(plan.removedIds).toEqual([102, 103, 104, 105, 106])
  })

  it('carries each id to its moved start when the whole series moves (09:00 → 10:30 a day later)', () => {
    const moved: SeriesStart = { ...series, start: '2027-03-02T10:30:00' }
    const movedRule: Recurrence = {
      ...weekly,
      rule: { ...weekly.rule!, byDay: [{ weekday: 'TU' }] },
    }
    const plan = planOccurrenceIds(
      stored(series, weekly),
      expandRecurrence(moved, movedRule, HORIZON),
      series.start,
      moved.start,
    )
    expect(plan.kept.map((kept) => [kept.id, kept.occurrence.start])).toEqual([
      [101, '2027-03-02T10:30:00'],
      [102, '2027-03-09T10:30:00'],
      [103, '2027-03-16T10:30:00'],
      [104, '2027-03-23T10:30:00'],
      [105, '2027-03-30T10:30:00'],
      [106, '2027-04-06T10:30:00'],
    ])
    expect(plan.added).toEqual([])
  })

  it('adds the occurrences a later horizon brings without touching the stored ones', () => {
    const open: Recurrence = { ...weekly, rule: { freq: 'WEEKLY', interval: 1 } }
    const before = expandRecurrence(series, open, new Date('2027-04-01T00:00:00Z')).map(
      (occurrence, index) => ({ id: 101 + index, originalStart: occurrence.start }),
    )
    const plan = planOccurrenceIds(
      before,
      expandRecurrence(series, open, new Date('2027-05-01T00:00:00Z')),
      series.start,
      series.start,
    )
    expect(plan.kept.map((kept) => kept.id)).toEqual([101, 102, 103, 104, 105])
    expect(plan.added.map((occurrence) => occurrence.start)).toEqual([
      '2027-04-05T09:00:00',
      '2027-04-12T09:00:00',
      '2027-04-19T09:00:00',
      '2027-04-26T09:00:00',
    ])
  })

  it('carries all-day ids by whole days', () => {
    const allDay: SeriesStart = { start: '2027-03-01', timeZone: 'Europe/Paris', allDay: true }
    const moved: SeriesStart = { ...allDay, start: '2027-03-03' }
    const daily: Recurrence = {
      rule: { freq: 'DAILY', interval: 2, count: 3 },
      rdates: [],
      exdates: [],
    }
    const plan = planOccurrenceIds(
      stored(allDay, daily),
      expandRecurrence(moved, daily, HORIZON),
      allDay.start,
      moved.start,
    )
    expect(plan.kept.map((kept) => [kept.id, kept.occurrence.start])).toEqual([
      [101, '2027-03-03'],
      [102, '2027-03-05'],
      [103, '2027-03-07'],
    ])
  })
})

describe('"this and following"', () => {
  it("splits issue 26's series at the 4th occurrence into two whose occurrences, and so ids, are the same as before", () => {
    const withExclusion: Recurrence = { ...weekly, exdates: ['2027-03-08T09:00:00'] }
    const whole = expandRecurrence(series, withExclusion, HORIZON).map(
      (occurrence) => occurrence.start,
    )
    const { before, after } = splitRecurrence(series, withExclusion, '2027-03-22T09:00:00')
    expect(before.rule!.count).toBe(3)
    expect(after.recurrence.rule!.count).toBe(3)
    expect(before.exdates).toEqual(['2027-03-08T09:00:00'])
    const first = expandRecurrence(series, before, HORIZON).map((occurrence) => occurrence.start)
    const second = expandRecurrence(after.series, after.recurrence, HORIZON).map(
      (occurrence) => occurrence.start,
    )
    expect(first).toEqual(['2027-03-01T09:00:00', '2027-03-15T09:00:00'])
    expect([...first, ...second]).toEqual(whole)
    const ids = stored(series, withExclusion)
    const plan = planOccurrenceIds(
      ids,
      expandRecurrence(after.series, after.recurrence, HORIZON),
      after.series.start,
      after.series.start,
    )
    expect(plan.kept.map((kept) => kept.id)).toEqual([103, 104, 105])
  })

  it('ends the first half just before the split when the series runs to a date or the horizon', () => {
    const open: Recurrence = {
      rule: { freq: 'DAILY', interval: 1, until: '2027-03-10T09:00:00' },
      rdates: ['2027-03-04T18:00:00', '2027-03-06T18:00:00'],
      exdates: [],
    }
    const { before, after } = splitRecurrence(series, open, '2027-03-05T09:00:00')
    expect(before.rule!.until).toBe('2027-03-05T08:59:59')
    expect(before.rdates).toEqual(['2027-03-04T18:00:00'])
    expect(after.recurrence).toEqual({
      rule: open.rule,
      rdates: ['2027-03-06T18:00:00'],
      exdates: [],
    })
    const starts = (start: SeriesStart, recurrence: Recurrence) =>
      expandRecurrence(start, recurrence, HORIZON).map((occurrence) => occurrence.start)
    expect([...starts(series, before), ...starts(after.series, after.recurrence)]).toEqual(
      starts(series, open),
    )
  })

  it('refuses a split at a date the rule does not give, an excluded one, or the first occurrence', () => {
    expect(() =>
      splitRecurrence(
        series,
        { ...weekly, exdates: ['2027-03-15T09:00:00'] },
        '2027-03-15T09:00:00',
      ),
    ).toThrow(expect.objectContaining({ field: 'at' }))
    expect(() => splitRecurrence(series, weekly, '2027-03-09T09:00:00')).toThrow(
      expect.objectContaining({ field: 'at', code: 'not_an_occurrence' }),
    )
    expect(() => splitRecurrence(series, weekly, series.start)).toThrow(
      expect.objectContaining({ field: 'at', code: 'not_an_occurrence' }),
    )
  })
})
