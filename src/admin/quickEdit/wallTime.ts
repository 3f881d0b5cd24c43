import { DateTime } from 'luxon'

/** The shape of a `datetime-local` input's value. */
const WALL_TIME = "yyyy-MM-dd'T'HH:mm"

/** A stored instant as a `datetime-local` value in `zone` (empty when there is none). */
export function toWallTime(instant: null | string | undefined, zone: string): string {
  if (!instant) return ''
  const time = DateTime.fromISO(instant, { zone })
  return time.isValid ? time.toFormat(WALL_TIME) : ''
}

/** A `datetime-local` value read in `zone`, as the instant the API stores (the value itself when it is no date, for the server to refuse). */
export function fromWallTime(value: string, zone: string): string {
  const time = DateTime.fromISO(value, { zone })
  return time.isValid ? time.toUTC().toISO()! : value
}
