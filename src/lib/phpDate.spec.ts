import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import {
  calendarDateOf,
  dateDetails,
  formatWallTime,
  isPhpTime,
  parsePhpDateTime,
  timezoneAbbreviation,
  wallTimeToInstant,
} from './phpDate'

/** PHP 8.2's own answers, recorded with `php -r` (its `about` says how). */
const PHP_STRTOTIME = fileURLToPath(
  new URL('../../test/fixtures/php-strtotime.json', import.meta.url),
)

const now = new Date('2026-11-21T12:00:00Z') // a Saturday; 07:00 in New York
const NY = 'America/New_York'
const PARIS = 'Europe/Paris'

const iso = (input: unknown, timeZone = NY, at = now) =>
  parsePhpDateTime(input, { now: at, timeZone })?.toISOString() ?? null

describe('parsePhpDateTime', () => {
  it('reads zone-less dates and date-times as wall time in the given zone', () => {
    expect(iso('2026-12-29 18:00:00')).toBe('2026-12-29T23:00:00.000Z')
    expect(iso('2026-12-29 18:00')).toBe('2026-12-29T23:00:00.000Z')
    expect(iso('2026-12-01')).toBe('2026-12-01T05:00:00.000Z')
    expect(iso('2026-12-01T19:00:00')).toBe('2026-12-02T00:00:00.000Z')
    expect(iso('2018-01-01 4pm')).toBe('2018-01-01T21:00:00.000Z')
    expect(iso('12/01/2026 7pm')).toBe('2026-12-02T00:00:00.000Z')
    expect(iso('1 December 2026')).toBe('2026-12-01T05:00:00.000Z')
  })

  it('follows DST in the given zone', () => {
    expect(iso('2027-07-01 12:00')).toBe('2027-07-01T16:00:00.000Z')
    expect(iso('2027-01-01 12:00')).toBe('2027-01-01T17:00:00.000Z')
    expect(iso('2027-07-01 12:00', PARIS)).toBe('2027-07-01T10:00:00.000Z')
    expect(iso('2026-12-01 19:00', PARIS)).toBe('2026-12-01T18:00:00.000Z')
    expect(iso('2026-12-01 19:00', 'UTC')).toBe('2026-12-01T19:00:00.000Z')
  })

  it('moves a wall time in a spring-forward gap forward, and takes the first of a repeated one', () => {
    expect(iso('2026-03-08 02:30')).toBe('2026-03-08T07:30:00.000Z') // 03:30 EDT
    expect(iso('2026-11-01 01:30')).toBe('2026-11-01T05:30:00.000Z') // 01:30 EDT, not EST
    expect(iso('2026-10-25 02:30', PARIS)).toBe('2026-10-25T00:30:00.000Z') // 02:30 CEST
  })

  it('reads phrases relative to now, in the given zone', () => {
    expect(iso('now')).toBe(now.toISOString())
    expect(iso('tomorrow')).toBe('2026-11-22T05:00:00.000Z')
    expect(iso('tomorrow 9am')).toBe('2026-11-22T14:00:00.000Z')
    expect(iso('tomorrow 9am', PARIS)).toBe('2026-11-22T08:00:00.000Z')
    expect(iso('tomorrow', 'UTC')).toBe('2026-11-22T00:00:00.000Z')
    expect(iso('+5 days')).toBe(new Date(now.getTime() + 5 * 86_400_000).toISOString())
    expect(iso('3 days ago')).toBe('2026-11-18T12:00:00.000Z')
    expect(iso('next wednesday 4pm')).toBe('2026-11-25T21:00:00.000Z')
    expect(iso('yesterday noon')).toBe('2026-11-20T17:00:00.000Z')
    expect(iso('first day of next month')).toBe('2026-12-01T12:00:00.000Z')
    expect(iso('last day of february 2028')).toBe('2028-02-29T05:00:00.000Z')
    expect(iso('next month')).toBe('2026-12-21T12:00:00.000Z')
    expect(iso('Dec 1')).toBe('2026-12-01T05:00:00.000Z')
    // As in PHP, a time before `tomorrow` is reset by it.
    expect(iso('4pm tomorrow')).toBe('2026-11-22T05:00:00.000Z')
  })

  it('takes "now" as the wall time in the zone, not in the process', () => {
    // 01:00 on Nov 22 in Tokyo, while still Nov 21 in UTC.
    expect(iso('today', 'Asia/Tokyo', new Date('2026-11-21T16:00:00Z'))).toBe(
      '2026-11-21T15:00:00.000Z',
    )
    expect(iso('tomorrow 2:30am', NY, new Date('2026-03-07T17:00:00Z'))).toBe(
      '2026-03-08T07:30:00.000Z',
    )
  })

  it('reads numbers and digit strings as Unix seconds', () => {
    expect(iso(1767225600)).toBe('2026-01-01T00:00:00.000Z')
    expect(iso('1767225600')).toBe('2026-01-01T00:00:00.000Z')
    expect(iso(' 1767225600 ')).toBe('2026-01-01T00:00:00.000Z')
    expect(iso('@1767225600')).toBe('2026-01-01T00:00:00.000Z')
    expect(iso(0)).toBe('1970-01-01T00:00:00.000Z')
    expect(iso('-5')).toBe('1969-12-31T23:59:55.000Z')
  })

  it('keeps an offset or zone written in the text, whatever the given zone', () => {
    expect(iso('2026-12-01T19:00:00+02:00')).toBe('2026-12-01T17:00:00.000Z')
    expect(iso('2026-12-01T19:00:00+02:00', 'Asia/Tokyo')).toBe('2026-12-01T17:00:00.000Z')
    expect(iso('2026-12-01T19:00:00Z')).toBe('2026-12-01T19:00:00.000Z')
    expect(iso('2026-12-01T19:00:00.250Z')).toBe('2026-12-01T19:00:00.250Z')
    expect(iso('2026-12-01 19:00:00+02')).toBe('2026-12-01T17:00:00.000Z')
    expect(iso('2026-12-01T19:00:00 -0500')).toBe('2026-12-02T00:00:00.000Z')
    expect(iso('2026-12-01 19:00 EST', PARIS)).toBe('2026-12-02T00:00:00.000Z')
    expect(iso('2026-12-01 19:00 UTC', NY)).toBe('2026-12-01T19:00:00.000Z')
    expect(iso('tomorrow 9am +02:00')).toBe('2026-11-22T07:00:00.000Z')
  })

  it('rolls over out-of-range days as PHP does', () => {
    expect(iso('2026-02-30')).toBe('2026-03-02T05:00:00.000Z')
    expect(iso('2026-02-30T10:00:00Z')).toBe('2026-03-02T10:00:00.000Z')
  })

  it('reads YYYY-MM-DD HH:MM:SS (read without strtotime) exactly as the general path does', () => {
    // The same wall times, with and without seconds (only the former skips locutus).
    for (const [wall, zone] of [
      ['2026-12-29 18:00', NY],
      ['2026-03-08 02:30', NY], // in the spring-forward gap
      ['2026-11-01 01:30', NY], // repeated: the first occurrence
      ['2026-10-25 02:30', PARIS],
      ['2024-02-29 23:59', 'UTC'],
      ['1000-01-01 00:00', 'Asia/Kolkata'],
    ] as const) {
      expect(iso(`${wall}:00`, zone), wall).toBe(iso(wall, zone))
      expect(calendarDateOf(`${wall}:00`, { now, timeZone: zone }), wall).toBe(
        calendarDateOf(wall, { now, timeZone: zone }),
      )
    }
    // Values a calendar does not have still roll over (through strtotime), as in PHP.
    expect(iso('2026-02-30 10:00:00', 'UTC')).toBe('2026-03-02T10:00:00.000Z')
    expect(iso('2026-01-01 24:00:00', 'UTC')).toBe(iso('2026-01-01 24:00', 'UTC'))
    expect(iso('2026-13-01 10:00:00')).toBeNull()
  })

  it('rejects what strtotime rejects, and anything that is not a string or a number', () => {
    for (const input of [
      'before my birthday',
      'not-a-date',
      '',
      '   ',
      '2026-13-01',
      '2026-12-01 25:00',
      [],
      {},
      true,
      false,
      null,
      undefined,
      Number.NaN,
      Infinity,
    ]) {
      expect(iso(input), JSON.stringify(input)).toBeNull()
    }
  })

  it('reads a text ending in a tz database name in that zone, as PHP does', () => {
    expect(iso('2026-12-01 19:00 Europe/Paris')).toBe('2026-12-01T18:00:00.000Z')
    expect(iso('first monday of june 2027 Europe/Paris')).toBe('2027-06-06T22:00:00.000Z')
    // "now" is the given zone's, the wall time it makes the named zone's (PHP 8.2's answers at
    // 20:00 UTC, when New York's date is Tokyo's day before).
    const evening = new Date('2026-11-21T20:00:00Z')
    expect(iso('tomorrow 9am Asia/Tokyo', NY, evening)).toBe('2026-11-22T00:00:00.000Z')
    expect(iso('12:00 Asia/Kolkata', NY, evening)).toBe('2026-11-21T06:30:00.000Z')
    expect(iso('now Europe/Paris', NY, evening)).toBe('2026-11-21T14:00:00.000Z')
    expect(iso('today Asia/Tokyo', NY, evening)).toBe('2026-11-20T15:00:00.000Z')
    // Where the text names a zone or an offset before it, that one is taken.
    expect(iso('2026-12-01 19:00 EST Europe/Paris', 'UTC')).toBe('2026-12-02T00:00:00.000Z')
    expect(iso('2026-12-01 19:00 Europe/Paris Asia/Tokyo')).toBe('2026-12-01T18:00:00.000Z')
    expect(iso('2026-12-01T19:00:00+02:00 Asia/Tokyo')).toBe('2026-12-01T17:00:00.000Z')
    // Only names as PHP writes them, a name that is no zone, and a number before one: no time.
    expect(iso('2026-07-01T19:00:00 america/new_york')).toBeNull()
    expect(iso('2026-07-01T19:00:00 US/Eastern')).toBeNull()
    expect(iso('2026-07-01T19:00:00 EUROPE/PARIS')).toBeNull()
    expect(iso('2026-12-01 12:00 Europe/paris')).toBe('2026-12-01T11:00:00.000Z')
    expect(iso('2026-12-01 12:00 Asia/Calcutta')).toBe('2026-12-01T06:30:00.000Z')
    expect(iso('2026-12-01 19:00 Mars/Olympus')).toBeNull()
    expect(iso('1700000000 Europe/Paris')).toBeNull()
    // PHP reads `0X10` (a date in 2010); only `0x` is hexadecimal to it.
    expect(iso('0X10')).not.toBeNull()
    expect(iso('0x10')).toBeNull()
  })

  it('reads a text of many zone names in time linear in its length, and no time of more than two zones', () => {
    const names = (name: string) => `19:00${` ${name}`.repeat(Math.floor(94 / (name.length + 1)))}`
    const started = performance.now()
    expect(iso(names('Europe/Paris'))).toBeNull()
    expect(iso(`19:00 EST${' Etc/UTC'.repeat(11)}`)).toBeNull()
    expect(iso('19:00 EST Asia/Tokyo Asia/Tokyo')).toBeNull()
    expect(performance.now() - started).toBeLessThan(200)
  })

  it("answers as PHP's strtotime for every text it was asked (test/fixtures/php-strtotime.json)", () => {
    // Read as the original's API reads them, not as strtotime: digit strings are Unix seconds (its
    // `is_numeric` comes first), dates before year 1 are refused (`dateRange.ts`). Not as PHP: a
    // weekday of a month moved by years (`first monday of next year`), which PHP finds in this
    // year's month and then moves, keeping the date rather than the weekday.
    const apart = (text: string) =>
      /^[+-]?\d+$/.test(text) || text === '0000-00-00' || / of .*\byears?\b/.test(text)
    const fixture = JSON.parse(readFileSync(PHP_STRTOTIME, 'utf8')) as {
      now: number
      zones: Record<string, Record<string, null | string>>
    }
    const at = new Date(fixture.now * 1000)
    let compared = 0
    for (const [zone, answers] of Object.entries(fixture.zones)) {
      for (const [text, php] of Object.entries(answers)) {
        if (apart(text)) continue
        const read = parsePhpDateTime(text, { now: at, timeZone: zone })
        expect(read && formatWallTime(read, zone), `${text} in ${zone}`).toBe(php)
        compared++
      }
    }
    expect(compared).toBeGreaterThan(2_000)
  })

  it('throws for an invalid zone, which is a configuration bug', () => {
    expect(() => parsePhpDateTime('now', { now, timeZone: 'Mars/Olympus' })).toThrow(RangeError)
  })
})

describe('isPhpTime', () => {
  it('accepts numbers and parseable strings', () => {
    for (const input of [
      0,
      1767225600,
      1.5,
      '1767225600',
      '2026-12-01',
      'tomorrow 9am',
      '+5 days',
      '2026-12-01T19:00:00Z',
    ]) {
      expect(isPhpTime(input), String(input)).toBe(true)
    }
    expect(isPhpTime('next wednesday 4pm', { now, timeZone: NY })).toBe(true)
  })

  it('rejects the rest', () => {
    for (const input of [
      'before my birthday',
      'not-a-date',
      '',
      ' ',
      [],
      {},
      true,
      null,
      undefined,
      Number.NaN,
    ]) {
      expect(isPhpTime(input), JSON.stringify(input)).toBe(false)
    }
  })
})

describe('formatWallTime', () => {
  it('formats the wall time in the zone', () => {
    const instant = new Date('2026-12-29T23:00:00Z')
    expect(formatWallTime(instant, NY)).toBe('2026-12-29 18:00:00')
    expect(formatWallTime(instant, 'UTC')).toBe('2026-12-29 23:00:00')
    expect(formatWallTime(instant, PARIS)).toBe('2026-12-30 00:00:00')
    expect(formatWallTime(new Date('2027-07-01T16:00:05Z'), NY)).toBe('2027-07-01 12:00:05')
    expect(formatWallTime(new Date('2026-01-01T00:00:00.999Z'), 'UTC')).toBe('2026-01-01 00:00:00')
  })

  it('throws for an invalid instant or zone', () => {
    expect(() => formatWallTime(new Date(Number.NaN), 'UTC')).toThrow(RangeError)
    expect(() => formatWallTime(now, 'Nowhere')).toThrow(RangeError)
  })
})

describe('calendarDateOf', () => {
  const day = (input: unknown, timeZone = NY, at = now) =>
    calendarDateOf(input, { now: at, timeZone })

  it('gives the date as written', () => {
    expect(day('2018-01-01 15:00:00')).toBe('2018-01-01')
    expect(day('2018-01-01 23:30:00', 'Asia/Tokyo')).toBe('2018-01-01')
    expect(day('2018-01-01')).toBe('2018-01-01')
    expect(day('2018-01-01T23:00:00-05:00', PARIS)).toBe('2018-01-01')
    expect(day('2018-01-01T00:30:00Z', NY)).toBe('2018-01-01')
    expect(day('2018-01-01 23:00 EST', PARIS)).toBe('2018-01-01')
  })

  it('gives the UTC date of a Unix timestamp', () => {
    // 2018-01-01T00:00:00Z, still Dec 31 in New York.
    expect(day(1514764800)).toBe('2018-01-01')
    expect(day('1514764800')).toBe('2018-01-01')
    expect(day('1514764799')).toBe('2017-12-31')
  })

  it('gives the date of a phrase in the zone', () => {
    expect(day('tomorrow')).toBe('2026-11-22')
    expect(day('next wednesday 4pm')).toBe('2026-11-25')
    const lateEvening = new Date('2026-11-22T03:00:00Z') // 22:00 on Nov 21 in New York
    expect(day('now', NY, lateEvening)).toBe('2026-11-21')
    expect(day('now', 'UTC', lateEvening)).toBe('2026-11-22')
  })

  it('is null when unparseable', () => {
    expect(day('before my birthday')).toBeNull()
    expect(day('')).toBeNull()
    expect(day(null)).toBeNull()
  })
})

describe('dateDetails', () => {
  it('splits a wall time into zero-padded parts', () => {
    expect(dateDetails('2026-01-02 03:04:05')).toEqual({
      year: '2026',
      month: '01',
      day: '02',
      hour: '03',
      minutes: '04',
      seconds: '05',
    })
    expect(dateDetails('2026-12-29 18:00:00')).toEqual({
      year: '2026',
      month: '12',
      day: '29',
      hour: '18',
      minutes: '00',
      seconds: '00',
    })
  })

  it('throws for anything else', () => {
    expect(() => dateDetails('2026-01-02T03:04:05')).toThrow(RangeError)
    expect(() => dateDetails('2026-1-2 3:04:05')).toThrow(RangeError)
  })
})

describe('timezoneAbbreviation', () => {
  const january = new Date('2026-01-15T12:00:00Z')
  const july = new Date('2026-07-15T12:00:00Z')

  it("gives tzdata's names, as PHP's date('T') does", () => {
    expect(timezoneAbbreviation(january, NY)).toBe('EST')
    expect(timezoneAbbreviation(july, NY)).toBe('EDT')
    expect(timezoneAbbreviation(january, 'America/Los_Angeles')).toBe('PST')
    expect(timezoneAbbreviation(january, 'UTC')).toBe('UTC')
    expect(timezoneAbbreviation(july, 'UTC')).toBe('UTC')
    // en-US only knows Paris as GMT+1/GMT+2; en-GB has the names.
    expect(timezoneAbbreviation(january, PARIS)).toBe('CET')
    expect(timezoneAbbreviation(july, PARIS)).toBe('CEST')
    expect(timezoneAbbreviation(january, 'Europe/London')).toBe('GMT')
    expect(timezoneAbbreviation(july, 'Europe/London')).toBe('BST')
    expect(timezoneAbbreviation(july, 'Europe/Athens')).toBe('EEST')
    expect(timezoneAbbreviation(january, 'Asia/Tokyo')).toBe('JST')
    expect(timezoneAbbreviation(january, 'Asia/Kolkata')).toBe('IST')
    expect(timezoneAbbreviation(january, 'Australia/Sydney')).toBe('AEDT')
    expect(timezoneAbbreviation(january, 'America/Adak')).toBe('HST') // ICU says HAST
    expect(timezoneAbbreviation(january, 'Asia/Shanghai')).toBe('CST') // from the table
    expect(timezoneAbbreviation(january, 'PRC')).toBe('CST') // an alias of the above
    expect(timezoneAbbreviation(july, 'Asia/Jerusalem')).toBe('IDT')
  })

  it('gives numeric names where tzdata has no letters', () => {
    expect(timezoneAbbreviation(january, 'America/Sao_Paulo')).toBe('-03')
    expect(timezoneAbbreviation(january, 'Asia/Kathmandu')).toBe('+0545')
    expect(timezoneAbbreviation(january, 'Etc/GMT+5')).toBe('-05')
    expect(timezoneAbbreviation(january, 'Asia/Dubai')).toBe('+04') // ICU's en-IN says GST
    expect(timezoneAbbreviation(january, 'Australia/Lord_Howe')).toBe('+11')
    expect(timezoneAbbreviation(july, 'Australia/Lord_Howe')).toBe('+1030')
  })
})

describe('wallTimeToInstant', () => {
  it('reads the wall time in the zone', () => {
    expect(wallTimeToInstant('2026-12-29 18:00:00', NY).toISOString()).toBe(
      '2026-12-29T23:00:00.000Z',
    )
    expect(wallTimeToInstant('2027-07-01 12:00:00', NY).toISOString()).toBe(
      '2027-07-01T16:00:00.000Z',
    )
    expect(wallTimeToInstant('2026-12-01 19:00:00', PARIS).toISOString()).toBe(
      '2026-12-01T18:00:00.000Z',
    )
    expect(wallTimeToInstant('2026-12-01 19:00:00', 'UTC').toISOString()).toBe(
      '2026-12-01T19:00:00.000Z',
    )
  })

  it('moves a gap forward and takes the first of a repeated hour', () => {
    expect(wallTimeToInstant('2026-03-08 02:30:00', NY).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    )
    expect(wallTimeToInstant('2026-11-01 01:30:00', NY).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    )
    expect(wallTimeToInstant('2026-10-04 02:15:00', 'Australia/Lord_Howe').toISOString()).toBe(
      '2026-10-03T15:45:00.000Z',
    )
    expect(wallTimeToInstant('2026-04-05 01:45:00', 'Australia/Lord_Howe').toISOString()).toBe(
      '2026-04-04T14:45:00.000Z',
    )
  })

  it('round-trips with formatWallTime', () => {
    for (const zone of [NY, PARIS, 'UTC', 'Asia/Tokyo', 'Asia/Kathmandu']) {
      const instant = new Date('2027-03-14T07:45:30Z')
      expect(wallTimeToInstant(formatWallTime(instant, zone), zone)).toEqual(instant)
    }
  })

  it('throws for a malformed wall time or zone', () => {
    expect(() => wallTimeToInstant('2026-12-29T18:00:00', NY)).toThrow(RangeError)
    expect(() => wallTimeToInstant('2026-02-30 00:00:00', NY)).toThrow(RangeError)
    expect(() => wallTimeToInstant('2026-12-29 18:00:00', 'Nowhere')).toThrow(RangeError)
  })
})

describe('independence from the process timezone', () => {
  // locutus computes with Date's local-time methods. These cases put wall times in the DST gaps of the
  // process zones below (Berlin's and New York's spring-forward hours, Lord Howe's half hour), and
  // "now" itself in one; they must come out the same in every process zone.
  const cases: Array<{ input: string; timeZone: string; now: string; expected: string }> = [
    {
      input: '2026-03-29 02:30',
      timeZone: NY,
      now: '2026-11-21T12:00:00Z',
      expected: '2026-03-29T06:30:00.000Z',
    },
    {
      input: 'tomorrow 2:30am',
      timeZone: NY,
      now: '2026-03-28T12:00:00Z',
      expected: '2026-03-29T06:30:00.000Z',
    },
    {
      input: '2026-03-08 02:30',
      timeZone: PARIS,
      now: '2026-11-21T12:00:00Z',
      expected: '2026-03-08T01:30:00.000Z',
    },
    {
      input: '2026-10-04 02:15',
      timeZone: 'UTC',
      now: '2026-11-21T12:00:00Z',
      expected: '2026-10-04T02:15:00.000Z',
    },
    {
      input: 'now',
      timeZone: 'UTC',
      now: '2026-03-08T02:30:00Z',
      expected: '2026-03-08T02:30:00.000Z',
    },
    {
      input: '+1 day',
      timeZone: 'UTC',
      now: '2026-03-29T02:30:00Z',
      expected: '2026-03-30T02:30:00.000Z',
    },
    {
      input: 'next wednesday 4pm',
      timeZone: NY,
      now: '2026-11-21T12:00:00Z',
      expected: '2026-11-25T21:00:00.000Z',
    },
    {
      input: '2026-12-01 19:00 EST',
      timeZone: PARIS,
      now: '2026-11-21T12:00:00Z',
      expected: '2026-12-02T00:00:00.000Z',
    },
  ]
  const moduleUrl = new URL('./phpDate.ts', import.meta.url).href

  it('parses the same in this process', () => {
    for (const c of cases)
      expect(iso(c.input, c.timeZone, new Date(c.now)), c.input).toBe(c.expected)
  })

  // Child processes, because this process's timezone is global state that tests must not change.
  it.each(['UTC', 'Asia/Tokyo', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe'])(
    'parses the same with TZ=%s',
    (tz) => {
      const script = `
      import { parsePhpDateTime } from ${JSON.stringify(moduleUrl)}
      const cases = ${JSON.stringify(cases)}
      console.log(JSON.stringify(cases.map((c) => parsePhpDateTime(c.input, { now: new Date(c.now), timeZone: c.timeZone })?.toISOString() ?? null)))
    `
      const output = execFileSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '--eval', script],
        {
          cwd: fileURLToPath(new URL('../..', import.meta.url)),
          env: { ...process.env, TZ: tz },
          encoding: 'utf8',
        },
      )
      expect(JSON.parse(output)).toEqual(cases.map((c) => c.expected))
    },
  )
})
