import { processRegion } from '../calendar/cache/registry'
import { observances } from './vtimezone'

/*
 * A zone's UTC offset at an instant, for writing thousands of event times: from the zone's offset
 * changes during the instant's year (found once per zone and year, as its VTIMEZONE finds them),
 * by binary search. Asking the time zone database for each time (through luxon: Intl's
 * `formatToParts`) cost about half a millisecond of CPU per event, most of a feed's rendering.
 */

const DAY_MS = 86_400_000

type Changes = { offsets: number[]; onsets: number[] }
/** Each zone's offset changes by year. */
const years = processRegion<Changes>('zone-offsets', { maxEntries: 512 })

/** The offset of `zone` (an IANA name) at `instant`, in minutes east of UTC. */
export function offsetAt(zone: string, instant: number): number {
  const { offsets, onsets } = changesIn(zone, new Date(instant).getUTCFullYear())
  let low = 0
  let high = onsets.length - 1
  // The last onset at or before the instant (the first is a day before the year begins).
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if (onsets[middle]! <= instant) low = middle
    else high = middle - 1
  }
  return offsets[low]!
}

function changesIn(zone: string, year: number): Changes {
  return years.remember(`${zone}\n${year}`, () => {
    const found = observances(
      zone,
      Date.UTC(year, 0, 1) - DAY_MS,
      Date.UTC(year + 1, 0, 1) + DAY_MS,
    )
    return {
      offsets: found.map((observance) => observance.to),
      onsets: found.map((observance) => observance.onset),
    }
  })
}

/**
 * The local time of `instant` in `zone`, as a Date whose UTC fields are that wall time; `null`
 * where that wall time names another instant too (the hour repeated when clocks go back: offsets
 * six hours around it tell), so that it must be written in UTC.
 */
export function wallTimeIfUnique(zone: string, instant: number): Date | null {
  const offset = offsetAt(zone, instant)
  const local = instant + offset * 60_000
  for (const direction of [-1, 1]) {
    const other = offsetAt(zone, instant + direction * 6 * 3_600_000)
    if (other !== offset && offsetAt(zone, local - other * 60_000) === other) return null
  }
  return new Date(local)
}
