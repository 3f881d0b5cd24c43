import { describe, expect, it } from 'vitest'

import { calendarTables, calendarTablesFilter } from '../../src/db/calendarSchema/pushSchema'

/*
 * The adapter's `tablesFilter` with the calendar's tables excluded (`pushSchema.ts`). How
 * drizzle-kit reads the result, with a host's exclusions and inclusions, is tested on a real push
 * in test/api/calendar-push.test.ts.
 */
describe("the calendar's tables in a host's tablesFilter", () => {
  const exclusions = calendarTables().map((table) => `!${table}`)

  it('excludes every table of the calendar, the occurrences and the password guard among them', () => {
    expect(calendarTablesFilter(undefined)).toEqual(exclusions)
    expect(exclusions).toEqual(
      expect.arrayContaining([
        '!calendar_occurrences',
        '!calendar_event_folded_texts',
        '!calendar_change_rows',
        '!calendar_change_items',
        '!calendar_events_apart_from_dates',
        '!events_calendar_password_guard',
      ]),
    )
  })

  it("keeps a host's exclusions as they are, a single pattern too", () => {
    expect(calendarTablesFilter(['!legacy_*'])).toEqual(['!legacy_*', ...exclusions])
    expect(calendarTablesFilter('!legacy_*')).toEqual(['!legacy_*', ...exclusions])
  })

  it("keeps a host's inclusions deciding with one more exclusion, of what none of them matches", () => {
    expect(calendarTablesFilter(['posts', 'payload_*', '!old'])).toEqual([
      'posts',
      'payload_*',
      '!old',
      '!@(!(posts|payload_*))',
      ...exclusions,
    ])
  })

  it('refuses an inclusion with braces, which minimatch would expand into several', () => {
    expect(() => calendarTablesFilter(['{posts,pages}'])).toThrow(/braces/)
  })
})
