// locutus ships no type declarations; the signature is `strtotime(text, nowInSeconds?)`.
// @ts-expect-error -- untyped CommonJS module, typed by the cast below
import locutusStrtotime from 'locutus/php/datetime/strtotime.js'
import { DateTime } from 'luxon'

import { processRegion } from '../calendar/cache/registry'
import { isWithinDateRange } from './dateRange'
import { TEXT_LIMITS } from './textLimits'
import { isFixedOffset, isValidTimeZone, offsetAbbreviation, zoneOf } from './timezone'

/** 'YYYY-MM-DD HH:MM:SS', always a wall time in some zone the caller knows. */
export type WallTime = string // 'YYYY-MM-DD HH:MM:SS'

/** Seconds since the epoch, or false when PHP would return false. */
const strtotime = locutusStrtotime as (text: string, now?: number) => false | number

type Wall = {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

/**
 * How far back locutus computes. locutus does all its arithmetic with `Date`'s local-time methods, i.e.
 * in the process's timezone, whose DST gaps would silently move wall times (02:30 on a spring-forward
 * day becomes 03:30). Every tzdata zone keeps one constant offset (its local mean time) before the
 * 19th century, so wall times some 2000 years back exist exactly once in any process timezone. A
 * multiple of 400 years keeps the Gregorian calendar identical: same weekdays, same leap years.
 */
const ERA_SHIFT = 2000

/** A string PHP reads as an instant with its own offset, which luxon parses exactly (with fractions). */
const ISO_WITH_OFFSET =
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)$/i

/** The original treats numeric input as a Unix timestamp (`is_numeric` before `strtotime`). */
const UNIX_SECONDS = /^[+-]?\d+$/

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/

const DAY_MS = 86_400_000

/** A hexadecimal number, which is no time to PHP (locutus reads `0x10` as a date in 2010); `0X10` is one to both. */
const HEXADECIMAL = /^0x[0-9a-fA-F]*$/

/**
 * A text ending in a tz database name (`2027-03-14 09:00 Europe/Paris`, what PHP's `DateTime`
 * format `e` writes), which PHP reads in that zone and locutus does not know.
 */
const NAMED_ZONE = /^(.*\S)\s+([A-Za-z][\w+-]*(?:\/[\w+-]+)+)$/

/**
 * How PHP's parser writes a zone name (timelib's `tz` token): a capital, small letters, then
 * parts after `/`, `_` or `-` (`Europe/Paris`, `Europe/paris`, `America/Port-au-Prince`; not
 * `US/Eastern`, `europe/Paris` or `EUROPE/PARIS`), which it then looks up in any case.
 */
const PHP_ZONE_NAME = /^[A-Z][a-z]+(?:[_/-][A-Za-z]+)+$/

/**
 * The zone names a text ends with: the text before them and the first of them, which PHP takes
 * (`undefined` when it ends in none); null when one of them is no zone PHP knows.
 */
function trailingZones(
  text: string,
): null | undefined | { count: number; rest: string; zone: string } {
  let rest = text
  let zone: string | undefined
  let count = 0
  for (let named = NAMED_ZONE.exec(rest); named; named = NAMED_ZONE.exec(rest)) {
    if (!PHP_ZONE_NAME.test(named[2]!) || !isValidTimeZone(named[2])) return null
    rest = named[1]!
    zone = named[2]!
    count++
  }
  return zone === undefined ? undefined : { count, rest, zone }
}

type Six<T> = [T, T, T, T, T, T]

/** Throws: wall times come from this module's own formatting, so a malformed one is a bug upstream. */
function splitWallTime(wall: WallTime): Six<string> {
  const match = WALL_TIME.exec(wall)
  if (!match) throw new RangeError(`Not a 'YYYY-MM-DD HH:MM:SS' wall time: ${wall}`)
  return match.slice(1) as Six<string>
}

/** Fails loudly: a bad zone is the caller's bug, not bad user input that should read as "unparseable". */
function assertTimeZone(timeZone: string): void {
  if (!DateTime.fromMillis(0, { zone: zoneOf(timeZone) }).isValid)
    throw new RangeError(`Invalid time zone: ${timeZone}`)
}

function inZone(instant: Date, timeZone: string): DateTime {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid instant')
  assertTimeZone(timeZone)
  return DateTime.fromJSDate(instant, { zone: zoneOf(timeZone) })
}

function wallOf(dt: DateTime): Wall {
  return {
    year: dt.year,
    month: dt.month,
    day: dt.day,
    hour: dt.hour,
    minute: dt.minute,
    second: dt.second,
  }
}

function fromUnixSeconds(seconds: number): Date | null {
  const date = new Date(seconds * 1000)
  return Number.isNaN(date.getTime()) ? null : date
}

/**
 * Runs locutus with a "now" whose process-local components are `now` moved `yearsBack` years into the
 * past, and reads the result back with the same local getters (or, for a result locutus has already
 * pinned to an offset, with the UTC getters). Those getters are the only way locutus exposes its wall
 * time, so reading them back cancels out the process timezone.
 */
function runStrtotime(
  text: string,
  now: Wall,
  yearsBack: number,
  read: 'local' | 'utc',
): Wall | null {
  const relativeTo = new Date(0)
  // setFullYear, not the Date constructor, which maps years 0-99 to 1900-1999.
  relativeTo.setFullYear(now.year - yearsBack, now.month - 1, now.day)
  relativeTo.setHours(now.hour, now.minute, now.second, 0)
  const seconds = strtotime(text, Math.floor(relativeTo.getTime() / 1000))
  if (seconds === false || !Number.isFinite(seconds)) return null
  const result = new Date(seconds * 1000)
  if (Number.isNaN(result.getTime())) return null
  return read === 'local'
    ? {
        year: result.getFullYear(),
        month: result.getMonth() + 1,
        day: result.getDate(),
        hour: result.getHours(),
        minute: result.getMinutes(),
        second: result.getSeconds(),
      }
    : {
        year: result.getUTCFullYear(),
        month: result.getUTCMonth() + 1,
        day: result.getUTCDate(),
        hour: result.getUTCHours(),
        minute: result.getUTCMinutes(),
        second: result.getUTCSeconds(),
      }
}

function sameWall(a: Wall, b: Wall): boolean {
  return (
    a.year === b.year &&
    a.month === b.month &&
    a.day === b.day &&
    a.hour === b.hour &&
    a.minute === b.minute &&
    a.second === b.second
  )
}

/**
 * `zoned` says whether the text carries its own zone (`EST`, `+0200`, `UTC`...). If it does not, `wall` is
 * the wall time it names. If it does, `wall` holds the UTC components of the instant, or, in `written`
 * mode, the wall time as written in the text's own zone.
 */
type Reading = { wall: Wall; zoned: boolean }

function readWithLocutus(text: string, now: Wall, mode: 'instant' | 'written'): Reading | null {
  // Appending to a blank text would make it parse; PHP rejects the empty string.
  if (text === '' || runStrtotime(text, now, ERA_SHIFT, 'local') === null) return null
  // locutus accepts at most two zones per text, so two more fail exactly when the text has its own.
  const zoned = runStrtotime(`${text} +00:00 +00:00`, now, ERA_SHIFT, 'local') === null
  // A later zone overrides an earlier one: `+00:00` turns "as written in its zone" into UTC components.
  const override = zoned && mode === 'written' ? ' +00:00' : ''
  // The appended relative moves dates written in the text (2026-12-01) out of the DST era too; "now"
  // is already moved, so a date taken from it goes twice as far back. Moving "now" by a different
  // amount tells the two apart: only a date taken from "now" follows it. `+0 day` comes first so
  // that a text ending in a month (`15 June`) does not take the years' number as its year.
  const shifted = `${text} +0 day -${ERA_SHIFT} years${override}`
  const read = zoned ? 'utc' : 'local'
  const once = runStrtotime(shifted, now, ERA_SHIFT, read)
  const twice = runStrtotime(shifted, now, 2 * ERA_SHIFT, read)
  if (!once || !twice) return null
  const yearsBack = sameWall(once, twice) ? ERA_SHIFT : 2 * ERA_SHIFT
  return { wall: { ...once, year: once.year + yearsBack }, zoned }
}

/**
 * The instant of a wall time in `zone`. luxon settles a wall time that occurs twice (clocks going back)
 * by the zone's offset on the day the code runs, so the same input would change meaning with the
 * seasons; PHP takes the first occurrence, and so does this. A wall time that does not occur (clocks
 * going forward) keeps luxon's reading, which moves it forward by the gap, as PHP does.
 */
function wallToDateTime(wall: Wall, zoneName: string): DateTime | null {
  const zone = zoneOf(zoneName)
  const dt = DateTime.fromObject(wall, { zone })
  if (!dt.isValid) return null
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
  const offsets = new Set([
    dt.zone.offset(asUtc - DAY_MS),
    dt.offset,
    dt.zone.offset(asUtc + DAY_MS),
  ])
  let first = dt.toMillis()
  for (const offset of offsets) {
    const candidate = asUtc - offset * 60_000
    if (candidate < first && dt.zone.offset(candidate) === offset) first = candidate
  }
  return first === dt.toMillis() ? dt : DateTime.fromMillis(first, { zone })
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/**
 * `YYYY-MM-DD HH:MM:SS` naming a real date and time (the form this API writes, and what most
 * clients send): strtotime reads it as exactly that wall time, so the four runs of locutus it
 * would cost are skipped. Anything else (24:00, Feb 30, years before 1000, other forms) takes
 * the general path, which rolls values over as PHP does.
 */
function plainWallTime(text: string): null | Wall {
  const match = WALL_TIME.exec(text)
  if (!match) return null
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as Six<number>
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return null
  if (hour > 23 || minute > 59 || second > 59) return null
  return { year, month, day, hour, minute, second }
}

type Parsed =
  | { kind: 'unix'; instant: Date }
  | { kind: 'offset'; dateTime: DateTime }
  // `written` is a function because it costs zoned texts four more runs of strtotime.
  | { kind: 'text'; dateTime: DateTime; written: () => Wall }

/**
 * `readPhpTime` of a text no longer than `TEXT_LIMITS.date` (strtotime's phrases that clients
 * send are short; locutus takes some 7 µs a character, four times over), within the years the
 * calendar can hold (`dateRange.ts`): PHP reads
 * `0000-00-00` as 30 November of year -1 and `-100000 years` as a date no database column or
 * wall time holds, so such input is refused like unparseable input (the original's `is_time`
 * rule then answers 400 `rest_invalid_param`) instead of failing further down.
 */
function parse(input: unknown, now: Date, timeZone: string): Parsed | null {
  if (typeof input === 'string' && input.length > TEXT_LIMITS.date) return null
  const key =
    typeof input === 'string' || typeof input === 'number'
      ? `${now.getTime()} ${timeZone} ${typeof input} ${input}`
      : undefined
  const kept = key === undefined ? undefined : readings.get(key)
  if (kept !== undefined) return kept
  const read = readPhpTime(input, now, timeZone)
  const parsed =
    read && isWithinDateRange(read.kind === 'unix' ? read.instant : read.dateTime.toJSDate())
      ? read
      : null
  if (key !== undefined) readings.set(key, parsed)
  return parsed
}

/**
 * The last readings, by input, clock and zone: a request reads each of its dates several times
 * (its rule in two zones, then its handler), each reading up to four runs of locutus; with one
 * request's clock (`ctx.now`) in the key, the later ones are free.
 */
const readings = processRegion<Parsed | null>('date-readings', { maxEntries: 256 })

function readPhpTime(input: unknown, now: Date, timeZone: string): Parsed | null {
  const nowInZone = inZone(now, timeZone)
  if (typeof input === 'number') {
    const instant = Number.isFinite(input) ? fromUnixSeconds(input) : null
    return instant && { kind: 'unix', instant }
  }
  if (typeof input !== 'string') return null
  const text = input.trim()
  if (text === '') return null
  if (UNIX_SECONDS.test(text)) {
    const instant = fromUnixSeconds(Number(text))
    return instant && { kind: 'unix', instant }
  }
  if (ISO_WITH_OFFSET.test(text)) {
    const iso = `${text.slice(0, 10)}T${text.slice(11)}`.replace(/\s+/g, '')
    const dateTime = DateTime.fromISO(iso, { setZone: true })
    // Out-of-range fields (Feb 30) fall through to locutus, which rolls them over as PHP does.
    if (dateTime.isValid) return { kind: 'offset', dateTime }
  }
  const plain = plainWallTime(text)
  if (plain) {
    const dateTime = wallToDateTime(plain, timeZone)
    if (dateTime) return { kind: 'text', dateTime, written: () => plain }
  }
  if (HEXADECIMAL.test(text)) return null
  // A zone name at the end places the wall time the rest names, read with "now" in `timeZone`
  // as PHP reads it, in that zone; a zone or an offset of the rest's own comes first.
  const named = trailingZones(text)
  // PHP takes at most two zones in a text (the rest's own and a name, or two names).
  if (named === null || (named && (named.count > 2 || UNIX_SECONDS.test(named.rest)))) return null
  const general = named?.rest ?? text
  const nowWall = wallOf(nowInZone)
  const ordinal = ORDINAL_WEEKDAY.exec(general)
  const reading = ordinal
    ? readOrdinalWeekday(ordinal, nowWall)
    : readWithLocutus(general, nowWall, 'instant')
  if (!reading || (reading.zoned && named && named.count > 1)) return null
  const dateTime = wallToDateTime(reading.wall, reading.zoned ? 'UTC' : (named?.zone ?? timeZone))
  if (!dateTime) return null
  if (!reading.zoned) return { kind: 'text', dateTime, written: () => reading.wall }
  // Texts with two zones cannot take a third; their written date falls back to the instant's.
  const written = () =>
    readWithLocutus(general, nowWall, 'written')?.wall ?? wallOf(dateTime.setZone(timeZone))
  return { kind: 'text', dateTime, written }
}

/** PHP's numbers of an ordinal weekday's first word: `last` and `previous` count from the month's end. */
const ORDINALS: Record<string, number> = {
  first: 1,
  next: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  this: 0,
  last: -1,
  previous: -1,
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']

/** `first monday of …`, `last fri of …`: a weekday of a month, which locutus does not read. */
const ORDINAL_WEEKDAY = new RegExp(
  `^(${Object.keys(ORDINALS).join('|')})\\s+(sun|mon|tue|wed|thu|fri|sat|sunday|monday|tuesday|wednesday|thursday|friday|saturday)\\s+of(?:\\s+(.*))?$`,
  'i',
)

/**
 * An ordinal weekday of a month as PHP reads it: the month is the one the rest of the text names
 * (this month when nothing follows); a count from the start (`first` … `twelfth`, `next`) takes
 * the first such weekday on or after the month's first day and adds weeks, rolling into the next
 * month as PHP does (`fifth friday of february`); `last` (`previous`) takes the week before the
 * first such weekday on or after the next month's first day, `this` that weekday itself. The time
 * is midnight unless the rest names one. A rest with a zone of its own is not read.
 */
function readOrdinalWeekday(match: RegExpExecArray, now: Wall): Reading | null {
  const count = ORDINALS[match[1]!.toLowerCase()]!
  const weekday = WEEKDAYS.indexOf(match[2]!.slice(0, 3).toLowerCase())
  const monthText = `first day of ${match[3] ?? 'this month'}`
  const month = readWithLocutus(monthText, now, 'instant')
  if (!month || month.zoned) return null
  // A time the rest names stays where "now" moves; one taken from "now" follows it.
  const later = readWithLocutus(monthText, { ...now, hour: (now.hour + 1) % 24 }, 'instant')
  const timed = later !== null && later.wall.hour === month.wall.hour
  const first = new Date(0)
  first.setUTCFullYear(month.wall.year, month.wall.month - 1 + (count > 0 ? 0 : 1), 1)
  const onOrAfter = (weekday - first.getUTCDay() + 7) % 7
  const weeks = count > 0 ? count - 1 : count
  const day = new Date(first.getTime() + (onOrAfter + 7 * weeks) * DAY_MS)
  return {
    wall: {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      hour: timed ? month.wall.hour : 0,
      minute: timed ? month.wall.minute : 0,
      second: timed ? month.wall.second : 0,
    },
    zoned: false,
  }
}

/**
 * Parses input as PHP's strtotime would, reading zone-less wall times in `timeZone`. null when unparseable.
 *
 * Numbers and digit strings are Unix seconds because the original checks `is_numeric` before
 * `strtotime`. Whitespace-only strings are rejected like `''` (locutus would read them as "now"): a
 * blank filter is a client mistake, not a request for the current time. Throws RangeError for an
 * invalid `timeZone`, which is a configuration bug rather than bad input.
 */
export function parsePhpDateTime(
  input: unknown,
  args: { now: Date; timeZone: string },
): Date | null {
  const parsed = parse(input, args.now, args.timeZone)
  if (!parsed) return null
  return parsed.kind === 'unix' ? parsed.instant : parsed.dateTime.toJSDate()
}

/**
 * The instant an event's date names as the original stores it: it builds a date object from the
 * text and keeps its wall time, read in `timeZone`. So a text with its own zone or offset keeps
 * the time written in it (`2031-03-01T10:00:00Z` is 10:00 in `timeZone`, not 10:00 UTC), a Unix
 * timestamp its time in UTC, and any other text is read in `timeZone` as `parsePhpDateTime` reads
 * it. null when unparseable.
 */
export function parseWrittenDateTime(
  input: unknown,
  args: { now: Date; timeZone: string },
): Date | null {
  const parsed = parse(input, args.now, args.timeZone)
  if (!parsed) return null
  const written =
    parsed.kind === 'unix'
      ? wallOf(DateTime.fromJSDate(parsed.instant, { zone: 'UTC' }))
      : parsed.kind === 'offset'
        ? wallOf(parsed.dateTime)
        : parsed.written()
  const instant = wallToDateTime(written, args.timeZone)?.toJSDate() ?? null
  return instant && isWithinDateRange(instant) ? instant : null
}

/**
 * True when `input` is a number or a string parsePhpDateTime accepts (the original's `is_time` rule),
 * within the years the calendar holds.
 *
 * `now` and `timeZone` only matter for phrases whose validity could depend on them (none today), so
 * they default to the current time and UTC.
 */
export function isPhpTime(input: unknown, args?: { now?: Date; timeZone?: string }): boolean {
  return (
    parsePhpDateTime(input, { now: args?.now ?? new Date(), timeZone: args?.timeZone ?? 'UTC' }) !==
    null
  )
}

/** The wall time of `instant` in `timeZone`, formatted 'YYYY-MM-DD HH:MM:SS'. */
export function formatWallTime(instant: Date, timeZone: string): WallTime {
  return inZone(instant, timeZone).toFormat('yyyy-MM-dd HH:mm:ss')
}

/**
 * The calendar date (YYYY-MM-DD) that the input names as written, before any zone conversion: for
 * `2018-01-01 15:00:00` it is 2018-01-01; for a Unix timestamp it is its UTC date; for a phrase it is
 * the date of the parsed wall time in `timeZone`. null when unparseable. Used for whole-day widening of
 * list filters.
 *
 * A text with its own offset (`2018-01-01T23:00:00-05:00`) names the date in that offset, because the
 * original widens the date it reads off the string, not the date the instant falls on in the site's zone.
 */
export function calendarDateOf(
  input: unknown,
  args: { now: Date; timeZone: string },
): string | null {
  const parsed = parse(input, args.now, args.timeZone)
  if (!parsed) return null
  switch (parsed.kind) {
    case 'unix':
      return DateTime.fromJSDate(parsed.instant, { zone: 'UTC' }).toFormat('yyyy-MM-dd')
    case 'offset':
      return parsed.dateTime.toFormat('yyyy-MM-dd')
    case 'text': {
      const { year, month, day } = parsed.written()
      return DateTime.fromObject({ year, month, day }, { zone: 'UTC' }).toFormat('yyyy-MM-dd')
    }
  }
}

/**
 * `{ year, month, day, hour, minutes, seconds }` as zero-padded strings from a 'YYYY-MM-DD HH:MM:SS'
 * wall time. Split from the string rather than recomputed, so the details always agree with the
 * wall time they sit next to in a response.
 */
export function dateDetails(wall: WallTime): {
  year: string
  month: string
  day: string
  hour: string
  minutes: string
  seconds: string
} {
  const [year, month, day, hour, minutes, seconds] = splitWallTime(wall)
  return { year, month, day, hour, minutes, seconds }
}

/**
 * Where no locale's name matches tzdata's, which PHP uses. Keyed by IANA name; [standard, daylight].
 * Found by comparing the names below with Python's zoneinfo for every zone Intl lists, in January and
 * July 2026 (Node 20, its bundled ICU). Aliases (`PRC`, `ROK`, `W-SU`...) reach these through ICU's
 * canonical name.
 */
const TZDATA_NAMES: Readonly<Record<string, readonly [standard: string, daylight?: string]>> = {
  'America/Dawson': ['MST'],
  'America/Havana': ['CST', 'CDT'],
  'America/Hermosillo': ['MST'],
  'America/Mazatlan': ['MST'],
  'America/Whitehorse': ['MST'],
  'Asia/Jerusalem': ['IST', 'IDT'],
  'Asia/Karachi': ['PKT'],
  'Asia/Macau': ['CST'],
  'Asia/Manila': ['PST'],
  'Asia/Pyongyang': ['KST'],
  'Asia/Seoul': ['KST'],
  'Asia/Shanghai': ['CST'],
  'Asia/Taipei': ['CST'],
  'Europe/Guernsey': ['GMT', 'BST'],
  'Europe/Isle_of_Man': ['GMT', 'BST'],
  'Europe/Jersey': ['GMT', 'BST'],
  'Europe/Kirov': ['MSK'],
  'Europe/Moscow': ['MSK'],
  'Europe/Simferopol': ['MSK'],
  'Europe/Volgograd': ['MSK'],
  'Pacific/Midway': ['SST'],
  'Pacific/Pago_Pago': ['SST'],
}

/** Zones tzdata names by offset only, for which some ICU locale invents letters ('GST' for Dubai, say). */
const TZDATA_NUMERIC = new Set([
  'America/Miquelon',
  'Antarctica/Casey',
  'Antarctica/Troll',
  'Asia/Colombo',
  'Asia/Dubai',
  'Asia/Muscat',
  'Australia/Eucla',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
])

/** ICU's en-US names that tzdata spells differently. */
const ICU_TO_TZDATA: Readonly<Record<string, string>> = { HAST: 'HST', HADT: 'HDT' }

/**
 * Tried in order; the first that gives letters wins. en-US names only North American zones (Paris is
 * 'GMT+1' there); en-GB adds CET/CEST, EET/EEST, WET/WEST, BST; the others add their regions' names
 * (IST, AEST, NZST, SAST, JST, NST, HKT, WIB, ChST...).
 */
const NAME_LOCALES = [
  'en-US',
  'en-GB',
  'en-IE',
  'en-AU',
  'en-NZ',
  'en-IN',
  'en-ZA',
  'ja-JP',
  'en-CA',
  'en-HK',
  'id-ID',
  'en-GU',
]

/** Letters only: rejects 'GMT+1' and decorated names such as id-ID's 'CST (Kuba)'. */
const LETTER_NAME = /^[A-Za-z]{2,6}$/

const formatters = processRegion<Intl.DateTimeFormat>('zone-name-formatters', { maxEntries: 1_000 })

/** Intl formatters are slow to build, and a list response asks for the same few zones again and again. */
function formatter(locale: string, timeZone: string): Intl.DateTimeFormat {
  return formatters.remember(
    `${locale}|${timeZone}`,
    () => new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }),
  )
}

function shortName(locale: string, instant: Date, timeZone: string): string {
  return (
    formatter(locale, timeZone)
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  )
}

/** PHP's numeric names: '+01', '-0330'; minutes only when not zero. */
function numericName(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+'
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0')
  const minutes = Math.abs(offsetMinutes) % 60
  return `${sign}${hours}${minutes ? String(minutes).padStart(2, '0') : ''}`
}

/**
 * The abbreviation PHP shows for the zone at that instant, e.g. 'EST'/'EDT' for America/New_York, 'CET'
 * for Europe/Paris, 'UTC' for UTC. Where the runtime only knows an offset name like 'GMT+1', return it
 * as PHP would ('+01').
 *
 * Intl has no locale that speaks tzdata: en-US names only North American zones (and 'GMT+1' for Paris),
 * so other locales fill in, and a small table covers what no locale gets right.
 */
export function timezoneAbbreviation(instant: Date, timeZone: string): string {
  // An offset shows as the original shows it (`UTC+2` as given, `+02:00` as `GMT+0200`).
  if (isFixedOffset(timeZone)) return offsetAbbreviation(timeZone)
  const dt = inZone(instant, timeZone)
  const canonical = formatter('en-US', timeZone).resolvedOptions().timeZone
  const known = TZDATA_NAMES[timeZone] ?? TZDATA_NAMES[canonical]
  if (known) return (dt.isInDST && known[1]) || known[0]
  if (!TZDATA_NUMERIC.has(timeZone) && !TZDATA_NUMERIC.has(canonical)) {
    for (const locale of NAME_LOCALES) {
      const name = shortName(locale, instant, timeZone)
      if (LETTER_NAME.test(name)) return ICU_TO_TZDATA[name] ?? name
    }
  }
  return numericName(dt.offset)
}

/**
 * Converts a wall time in one zone to the instant it denotes (for DST gaps, luxon's default resolution is fine).
 *
 * A wall time that occurs twice resolves to the first occurrence, as PHP does, rather than to whichever
 * luxon's guess from today's offset lands on.
 */
export function wallTimeToInstant(wall: WallTime, timeZone: string): Date {
  const [year, month, day, hour, minute, second] = splitWallTime(wall).map(Number) as Six<number>
  assertTimeZone(timeZone)
  const dt = wallToDateTime({ year, month, day, hour, minute, second }, timeZone)
  if (!dt) throw new RangeError(`Not a wall time: ${wall}`)
  return dt.toJSDate()
}
