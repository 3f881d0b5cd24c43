import { describe, expect, it } from 'vitest'

import { formatWallTime, wallTimeToInstant } from './phpDate'
import {
  guessedZoneOf,
  isManualOffset,
  manualOffsetJsonLdDate,
  WORDPRESS_MANUAL_OFFSETS,
} from './utcOffsets'

/*
 * The original's answers for an event from 10:00 on 1 July 2027 in each manual offset
 * (test/fixtures/oracle/responses/c-timezones-015 to -038): its UTC start and its JSON-LD start.
 */
const ORIGINAL: [offset: string, utcStart: string, jsonLdStart: string][] = [
  ['UTC+2', '2027-07-01 07:00:00', '2027-07-01T10:00:00+02:00'],
  ['UTC-5:30', '2027-07-01 14:00:00', '2027-07-01 15:30:00'],
  ['UTC+5:45', '2027-07-01 04:15:00', '2027-07-01 04:15:00'],
  ['UTC+0', '2027-07-01 10:00:00', '2027-07-01T10:00:00+00:00'],
  ['UTC-12', '2027-07-01 10:00:00', '2027-07-01T10:00:00-12:00'],
  ['UTC+14', '2027-07-01 10:00:00', '2027-07-01T10:00:00+14:00'],
  ['UTC+2.5', '2027-07-01 10:00:00', '2027-07-01T10:00:00+02:30'],
]

describe('manual UTC offsets as the original reads them', () => {
  it.each(ORIGINAL)('%s: UTC start %s, JSON-LD start %s', (offset, utcStart, jsonLdStart) => {
    const instant = wallTimeToInstant('2027-07-01 10:00:00', guessedZoneOf(offset))
    expect(formatWallTime(instant, 'UTC')).toBe(utcStart)
    expect(manualOffsetJsonLdDate('2027-07-01 10:00:00', offset)).toBe(jsonLdStart)
  })

  it('converts through the guessed zone with its own summer time', () => {
    // Helsinki is UTC+2 in winter: the same offset moves a January event by two hours, not three.
    expect(
      formatWallTime(wallTimeToInstant('2027-01-15 10:00:00', guessedZoneOf('UTC+2')), 'UTC'),
    ).toBe('2027-01-15 08:00:00')
  })

  it("offers the offsets of WordPress's menus, each one it accepts", () => {
    expect(WORDPRESS_MANUAL_OFFSETS).toHaveLength(55)
    expect(WORDPRESS_MANUAL_OFFSETS).toContainEqual({ label: 'UTC+5:45', value: 'UTC+5.75' })
    expect(WORDPRESS_MANUAL_OFFSETS).toContainEqual({ label: 'UTC-0:30', value: 'UTC-0.5' })
    expect(WORDPRESS_MANUAL_OFFSETS.every((option) => isManualOffset(option.value))).toBe(true)
    expect(isManualOffset('UTC+15')).toBe(false)
    expect(isManualOffset('utc+2')).toBe(false)
  })
})
