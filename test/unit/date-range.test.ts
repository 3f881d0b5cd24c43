import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  dateValueProblem,
  EARLIEST_INSTANT,
  isWithinDateRange,
  LATEST_INSTANT,
} from '../../src/lib/dateRange'
import { formatWallTime } from '../../src/lib/phpDate'

/* The instants the calendar stores: four-digit years in every time zone (`src/lib/dateRange.ts`). */

describe('isWithinDateRange', () => {
  it('holds exactly the instants from 0001-01-02 to 9999-12-30 UTC', () => {
    expect(isWithinDateRange(new Date(EARLIEST_INSTANT))).toBe(true)
    expect(isWithinDateRange(new Date(EARLIEST_INSTANT - 1))).toBe(false)
    expect(isWithinDateRange(new Date(LATEST_INSTANT))).toBe(true)
    expect(isWithinDateRange(new Date(LATEST_INSTANT + 1))).toBe(false)
  })

  it('holds only instants whose wall time has a four-digit year in the farthest zones', () => {
    fc.assert(
      fc.property(
        fc.integer({ max: LATEST_INSTANT, min: EARLIEST_INSTANT }),
        fc.constantFrom('Pacific/Kiritimati', 'Etc/GMT+12', 'UTC'),
        (time, zone) => {
          expect(formatWallTime(new Date(time), zone)).toMatch(
            /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
          )
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('dateValueProblem', () => {
  it('leaves an empty value to the field’s own required', () => {
    expect([null, undefined, ''].map(dateValueProblem)).toEqual([null, null, null])
  })

  it('takes a date string or a Date within the range', () => {
    expect(dateValueProblem('2026-11-21T10:00:00Z')).toBeNull()
    expect(dateValueProblem(new Date('2026-11-21T10:00:00Z'))).toBeNull()
  })

  it('refuses what is not a date, whatever new Date() would make of it', () => {
    for (const value of [false, 0, 1_700_000_000_000, {}, []])
      expect(dateValueProblem(value)).toBe('This is not a date.')
    expect(dateValueProblem('tomorrow-ish')).toBe('This is not a valid date.')
    expect(dateValueProblem(new Date(Number.NaN))).toBe('This is not a valid date.')
  })

  it('refuses a date outside the years 1 to 9999', () => {
    expect(dateValueProblem('0000-06-01T00:00:00Z')).toBe(
      'The date must be between the years 1 and 9999.',
    )
    expect(dateValueProblem('+010000-01-01T00:00:00Z')).toBe(
      'The date must be between the years 1 and 9999.',
    )
  })
})
