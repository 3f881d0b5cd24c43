import path from 'node:path'
import { describe, expect, it } from 'vitest'

import type { SeriesStart } from '../../src/recurrence/types'

import { readPhpValue } from '../../src/cli/importer/wxr/phpValue'
import { recurrenceFromPro } from '../../src/cli/importer/wxr/proRecurrence'
import { readWxrFile, type WxrPost } from '../../src/cli/importer/wxr/readWxr'
import { type ListedOccurrence, planSeries } from '../../src/cli/importer/wxr/series'
import { expandRecurrence } from '../../src/recurrence/index'

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/wxr/pro-5.8-export.xml')
/** Late enough for every dated series of the fixture; the open one stops at the last post the original made. */
const HORIZON = new Date('2032-01-01T00:00:00Z')

const listed = (post: WxrPost): ListedOccurrence => ({
  allDay: post.meta.get('_EventAllDay')?.[0] === 'yes',
  end: post.meta.get('_EventEndDate')![0]!.replace(' ', 'T'),
  id: post.id,
  start: post.meta.get('_EventStartDate')![0]!.replace(' ', 'T'),
})

/** Each series of the fixture planned as the import plans it, from its first post's own meta. */
async function fixtureSeries() {
  const file = await readWxrFile(FIXTURE, new Set(['tribe_events']))
  const events = file.posts.filter((post) => post.type === 'tribe_events')
  return events
    .filter((post) => post.meta.has('_EventRecurrence'))
    .map((first) => {
      const own = listed(first)
      const allDay = own.allDay
      const series: SeriesStart = {
        allDay,
        start: allDay ? own.start.slice(0, 10) : own.start,
        timeZone: first.meta.get('_EventTimezone')![0]!,
      }
      const children = events.filter((post) => post.parent === first.id).map(listed)
      const planned = planSeries({
        children,
        first: own,
        firstEnd: own.end,
        horizon: HORIZON,
        meta: readPhpValue(first.meta.get('_EventRecurrence')![0]!),
        series,
        title: first.title,
      })
      const dates = [own, ...children].map((occurrence) =>
        allDay ? occurrence.start.slice(0, 10) : occurrence.start,
      )
      return { dates, planned, series, title: first.title }
    })
}

describe('import --wxr: a Pro 5.8 series as one event with a recurrence', () => {
  it('gives each series of the fixture the rule that says it, and its occurrences are the dates the original listed', async () => {
    const all = await fixtureSeries()
    const rules = Object.fromEntries(
      all.map(({ planned, title }) => [
        title,
        'recurrence' in planned
          ? [planned.recurrence.ruleText, planned.recurrence.rdates, planned.recurrence.exdates]
          : planned.reason,
      ]),
    )
    expect(rules).toEqual({
      'Board Meeting': ['FREQ=MONTHLY;BYDAY=2TU;UNTIL=20270701T035959Z', [], []],
      "Founders' Day": ['FREQ=YEARLY;UNTIL=20311231', [], []],
      'Jazz Night': ['FREQ=MONTHLY;BYDAY=-1FR;COUNT=6', [], []],
      'Lecture Series': ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TH;COUNT=4', ['2027-04-08T19:00:00'], []],
      'Morning Yoga': ['FREQ=WEEKLY;BYDAY=MO,WE;COUNT=8', [], []],
      'Open Studio':
        "rule 2 has times of its own (14:00:00 to 16:00:00), and an event's occurrences share its times",
      'Summer Camp': ['FREQ=DAILY;COUNT=10', [], ['2027-07-07T08:30:00']],
      'Sunday Market': ['FREQ=WEEKLY', [], []],
    })
    for (const { dates, planned, series, title } of all) {
      if (!('recurrence' in planned)) continue
      const expanded = expandRecurrence(series, planned.recurrence, HORIZON).map(
        (occurrence) => occurrence.start,
      )
      const open = planned.recurrence.rule?.count === undefined && !planned.recurrence.rule?.until
      // A series without end runs here to our horizon; the original had made its posts to its own.
      expect(open ? expanded.slice(0, dates.length) : expanded, title).toEqual(dates)
      expect(planned.occurrences, title).toBe(dates.length)
    }
  })

  it('keeps 09:00 in New York across the change to daylight saving time', async () => {
    const yoga = (await fixtureSeries()).find(({ title }) => title === 'Morning Yoga')!
    if (!('recurrence' in yoga.planned)) throw new Error(yoga.planned.reason)
    const instants = expandRecurrence(yoga.series, yoga.planned.recurrence, HORIZON).map(
      (occurrence) => occurrence.startUtc,
    )
    expect(instants.slice(3, 5)).toEqual(['2027-03-10T14:00:00Z', '2027-03-15T13:00:00Z'])
  })

  it('keeps the posts of a series whose rule gives other dates than the original listed', async () => {
    const yoga = (await fixtureSeries()).find(({ title }) => title === 'Morning Yoga')!
    const dates = yoga.dates.filter((date) => date !== '2027-03-10T09:00:00')
    const planned = planSeries({
      children: dates.slice(1).map((start, index) => ({
        allDay: false,
        end: start.replace('T09', 'T10'),
        id: 101 + index,
        start,
      })),
      first: { allDay: false, end: '2027-03-01T10:00:00', id: 100, start: dates[0]! },
      firstEnd: '2027-03-01T10:00:00',
      horizon: HORIZON,
      meta: {
        rules: [
          {
            custom: {
              interval: '1',
              'same-time': 'yes',
              type: 'Weekly',
              week: { day: ['1', '3'] },
            },
            'end-count': '8',
            'end-type': 'After',
            type: 'Custom',
          },
        ],
      },
      series: yoga.series,
      title: 'Morning Yoga',
    })
    expect(planned).toMatchObject({
      children: [101, 102, 103, 104, 105, 106],
      reason: expect.stringContaining('2027-03-10T09:00:00 here, 2027-03-15T09:00:00 there'),
    })
  })
})

describe('import --wxr: _EventRecurrence read as our recurrence', () => {
  const timed: SeriesStart = {
    allDay: false,
    start: '2027-01-29T20:00:00',
    timeZone: 'Europe/Paris',
  }
  const custom = (fields: Record<string, unknown>, rule: Record<string, unknown> = {}) => ({
    rules: [
      { custom: { interval: '1', 'same-time': 'yes', ...fields }, type: 'Custom', ...rule },
    ] as Record<string, unknown>[],
  })
  const ruleOf = (meta: unknown, series = timed) => {
    const result = recurrenceFromPro(meta, series, `${series.start.slice(0, 10)}T23:00:00`)
    return 'recurrence' in result ? result.recurrence.ruleText : result.unsayable
  }

  it.each([
    [
      'the last day of the month',
      { month: { day: '8', number: 'Last' }, type: 'Monthly' },
      'FREQ=MONTHLY;BYMONTHDAY=-1',
    ],
    [
      'the 15th of the month',
      { month: { number: '15' }, type: 'Monthly' },
      'FREQ=MONTHLY;BYMONTHDAY=15',
    ],
    [
      'the first Monday',
      { month: { day: '1', number: 'First' }, type: 'Monthly' },
      'FREQ=MONTHLY;BYDAY=1MO',
    ],
    ['every 3 days', { interval: '3', type: 'Daily' }, 'FREQ=DAILY;INTERVAL=3'],
    [
      'the fourth Thursday of November',
      { type: 'Yearly', year: { day: '4', month: ['11'], number: 'Fourth' } },
      'FREQ=YEARLY;BYDAY=4TH;BYMONTH=11',
    ],
  ])('%s', (_, fields, rule) => expect(ruleOf(custom(fields))).toBe(rule))

  it('ends "After N" with a COUNT of N (the first event is one of them) and "On" at the end of that day', () => {
    expect(ruleOf(custom({ type: 'Daily' }, { 'end-count': '5', 'end-type': 'After' }))).toBe(
      'FREQ=DAILY;COUNT=5',
    )
    expect(ruleOf(custom({ type: 'Daily' }, { end: '2027-02-03', 'end-type': 'On' }))).toBe(
      'FREQ=DAILY;UNTIL=20270203T225959Z',
    )
  })

  it('says why what an event cannot carry is not a rule', () => {
    const twoRules = custom({ type: 'Daily' })
    twoRules.rules.push({
      ...twoRules.rules[0]!,
      custom: { interval: '2', 'same-time': 'yes', type: 'Weekly' },
    })
    expect(ruleOf(twoRules)).toBe('it has 2 repeating rules, and an event here has one')
    expect(
      ruleOf(
        custom({
          'end-time': '23:30:00',
          'same-time': 'no',
          'start-time': '21:00:00',
          type: 'Daily',
        }),
      ),
    ).toMatch(/^rule 1 has times of its own \(21:00:00 to 23:30:00\)/)
    expect(ruleOf({ ...custom({ type: 'Daily' }), exclusions: [{ type: 'Every Week' }] })).toBe(
      'exclusion 1 excludes by a rule (Every Week), and an event here excludes dates only',
    )
    expect(ruleOf(custom({ type: 'Hourly' }))).toBe(
      'its rule type "Custom Hourly" is not one Pro 5.8 writes',
    )
    expect(ruleOf(custom({ interval: '0', type: 'Daily' }))).toBe(
      'its interval "0" is not a whole number from 1',
    )
    expect(ruleOf(custom({ type: 'Weekly', week: { day: ['9'] } }))).toBe(
      'its weekday "9" is not 1 (Monday) to 7 (Sunday)',
    )
  })

  it("takes a rule with its own times when they are the first event's", () => {
    expect(
      ruleOf(
        custom({
          'end-day': 'Same day',
          'end-time': '11:00pm',
          'same-time': 'no',
          'start-time': '8:00pm',
          type: 'Daily',
        }),
      ),
    ).toBe('FREQ=DAILY')
  })
})

describe('import --wxr: PHP serialized meta, bounded', () => {
  it('reads arrays, and refuses objects, deep nesting and oversized values', () => {
    expect(readPhpValue('a:1:{s:5:"rules";a:1:{i:0;s:3:"a}b";}}')).toEqual({ rules: ['a}b'] })
    expect(() => readPhpValue('O:8:"stdClass":0:{}')).toThrow('it holds an object of a PHP class')
    expect(() => readPhpValue(`${'a:1:{i:0;'.repeat(17)}N;${'}'.repeat(17)}`)).toThrow(
      'its arrays are nested more than 16 levels deep',
    )
    expect(() => readPhpValue(`s:300000:"${'x'.repeat(300_000)}";`)).toThrow('longer than')
    expect(() => readPhpValue('a:1:{i:0;s:9:"short";}')).toThrow('not a PHP serialized value')
  })
})
