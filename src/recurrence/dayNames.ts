import type { Weekday } from './types'

import { WEEKDAYS } from './types'

/** 2027-03-01 was a Monday. */
const MONDAY = Date.UTC(2027, 2, 1)

/** A weekday's name in a language, as Intl gives it ("Monday", "lun."). */
export function weekdayName(
  day: Weekday,
  language: string,
  width: 'long' | 'short' = 'long',
): string {
  return new Intl.DateTimeFormat(language, { timeZone: 'UTC', weekday: width }).format(
    new Date(MONDAY + WEEKDAYS.indexOf(day) * 86_400_000),
  )
}

/** A month's name (1 = January) in a language. */
export function monthName(month: number, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2027, month - 1, 1)),
  )
}
