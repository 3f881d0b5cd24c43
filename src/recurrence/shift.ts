import type { Recurrence, SeriesStart, Weekday } from './types'

import { WEEKDAYS } from './types'
import { shiftWall, wallMs } from './wallTime'

/** Monday 0 … Sunday 6 of a wall-clock value's date. */
const weekdayIndex = (wall: string) => (new Date(wallMs(wall.slice(0, 10))).getUTCDay() + 6) % 7

const dayOfMonth = (wall: string) => Number(wall.slice(8, 10))

/**
 * A series moved as a whole so that its first occurrence starts at `to` (a wall-clock value of its
 * zone, or a date when all-day): what dragging one occurrence means for "all" and for the second
 * half of "this and following". Extra and excluded dates and `UNTIL` move by the same wall-clock
 * shift, so that each still names the occurrence it named. When the day changes, the days a rule
 * names follow it where they plainly name the start's own day: weekdays without an ordinal move by
 * as many days of the week, and a monthly or yearly day of the month that was the start's becomes
 * the new start's. Anything else stays as it is, and the usual check refuses a start the rule no
 * longer gives.
 */
export function shiftRecurrence(
  series: SeriesStart,
  recurrence: Recurrence,
  to: string,
): { series: SeriesStart; recurrence: Recurrence } {
  const shift = wallMs(to) - wallMs(series.start)
  const move = (wall: string) => shiftWall(wall, shift)
  const shifted: Recurrence = {
    rdates: recurrence.rdates.map(move),
    exdates: recurrence.exdates.map(move),
  }
  const rule = recurrence.rule
  if (rule) {
    const next = { ...rule }
    if (rule.until !== undefined) next.until = move(rule.until)
    const days = (weekdayIndex(to) - weekdayIndex(series.start) + 7) % 7
    if (days && rule.byDay?.every((day) => day.ordinal === undefined)) {
      next.byDay = rule.byDay.map((day) => ({
        weekday: WEEKDAYS[(WEEKDAYS.indexOf(day.weekday) + days) % 7] as Weekday,
      }))
    }
    if (rule.byMonthDay?.length === 1 && rule.byMonthDay[0] === dayOfMonth(series.start))
      next.byMonthDay = [dayOfMonth(to)]
    shifted.rule = next
  }
  return { series: { ...series, start: to }, recurrence: shifted }
}
