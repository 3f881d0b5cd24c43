import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { RRuleTemporal } from 'rrule-temporal'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { storeSeriesOccurrences } from '../../src/db/occurrences'
import { drizzleOf } from '../../src/db/pool'
import { extendRecurrences } from '../../src/jobs/extendRecurrences'
import { pluginOptionsOf } from '../../src/pluginOptions'
import {
  type EventSeriesFields,
  expandEventSeries,
  expandRecurrence,
  horizonAfter,
  parseRule,
  type SeriesStart,
} from '../../src/recurrence'
import { instantToWall, wallToInstant } from '../../src/recurrence/wallTime'
import { serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { restAs } from '../helpers/series'

const DAY = 86_400_000

/** Every column of a series' rows, ids and sequences included. */
const ROWS = (eventId: number) => sql`
  SELECT id, to_char(original_start, 'YYYY-MM-DD"T"HH24:MI:SS') AS original_start, start_local::text, end_local::text,
    start_utc::text, end_utc::text, status, sequence, from_rdate, override::text
  FROM calendar_occurrences WHERE event_id = ${eventId} ORDER BY original_start`

type Kind = { rule: string; zone: string; time: string; allDay?: boolean; hours?: number }

/**
 * Rules whose COUNT, INTERVAL or BYSETPOS count from the series' start, in zones with daylight
 * saving (New York, Paris, Sydney, Lord Howe's half hour) and without (Kathmandu), timed and
 * all-day, each starting a few weeks from now.
 */
const KINDS: Kind[] = [
  { rule: 'FREQ=WEEKLY;BYDAY=MO,TH', zone: 'America/New_York', time: '09:00:00' },
  { rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', zone: 'Europe/Paris', time: '02:30:00' },
  { rule: 'FREQ=MONTHLY;BYDAY=-1FR', zone: 'Europe/Paris', time: '19:30:00', hours: 3 },
  {
    rule: 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    zone: 'Australia/Sydney',
    time: '17:00:00',
  },
  { rule: 'FREQ=DAILY;INTERVAL=3', zone: 'Australia/Lord_Howe', time: '06:00:00' },
  { rule: 'FREQ=WEEKLY;BYDAY=SA', zone: 'Asia/Kathmandu', time: '00:00:00', allDay: true },
  { rule: 'FREQ=YEARLY;BYMONTH=3,10;BYDAY=2SU', zone: 'America/New_York', time: '12:00:00' },
  { rule: 'FREQ=MONTHLY;INTERVAL=5;BYMONTHDAY=-1', zone: 'Australia/Sydney', time: '23:00:00' },
  { rule: 'FREQ=WEEKLY;INTERVAL=3;BYDAY=SU,WE;WKST=SU', zone: 'Asia/Kathmandu', time: '08:45:00' },
]

/**
 * The horizon job (src/jobs/extendRecurrences.ts) adds to each series only what it gains beyond
 * its stored horizon: what it then stores must be exactly what the series' save would store (a
 * whole expansion from its start, `storeSeriesOccurrences`), rows, ids and marks alike.
 */
describe('the horizon job extends each series by what it gains, as a whole expansion would store it', () => {
  let payload: Payload
  let api: TestServer
  let admin: TestUser
  let horizonMonths: number
  const rowsOf = async (eventId: number) => (await drizzleOf(payload)!.execute(ROWS(eventId))).rows
  const markOf = async (eventId: number) =>
    (
      await drizzleOf(payload)!.execute(
        sql`SELECT materialized_until::text AS until FROM events WHERE id = ${eventId}`,
      )
    ).rows[0]!.until as string

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    admin = await createUser(payload, 'administrator')
    horizonMonths = pluginOptionsOf(payload).recurrence.horizonMonths
  })
  afterAll(() => api?.close())

  /** The series' first occurrence on or after `date`, as the event's dates. */
  function eventData(kind: Kind, date: string, recurrence: Record<string, unknown> = {}) {
    const ruleText = 'rule' in recurrence ? String(recurrence.rule) : kind.rule
    const dtstart = `${date.replace(/-/g, '')}T${kind.time.replace(/:/g, '')}`
    const [first] = new RRuleTemporal({
      rruleString: `DTSTART;TZID=${kind.zone}:${dtstart}\nRRULE:${ruleText}`,
    }).all((_, index) => index < 1)
    const wall = first!.toPlainDateTime().toString().slice(0, 19)
    const start = kind.allDay
      ? wallToInstant(wall.slice(0, 10), kind.zone)
      : wallToInstant(wall, kind.zone)
    const end = kind.allDay
      ? wallToInstant(`${wall.slice(0, 10)}T23:59:59`, kind.zone)
      : new Date(start.getTime() + (kind.hours ?? 1.5) * 3_600_000)
    return {
      title: unique('Horizon job series'),
      status: 'publish',
      timezone: kind.zone,
      allDay: kind.allDay === true,
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      recurrence: { rule: ruleText, rdates: [], exdates: [], ...recurrence },
    }
  }

  const createEvent = async (data: Record<string, unknown>) =>
    Number((await payload.create({ collection: 'events', data: data as never })).id)

  /**
   * Stores the series as its save does (a whole expansion to `horizon`) in a transaction that is
   * rolled back, and answers its rows and mark before and after.
   */
  async function wholeStoreOf(eventId: number, horizon: Date) {
    const drizzle = drizzleOf(payload)!
    const rollback = new Error('rollback')
    let seen: { before: unknown; after: unknown } = { before: null, after: null }
    await drizzle.transaction!(async (tx) => {
      const event = (await payload.findByID({
        collection: 'events',
        id: eventId,
        depth: 0,
      })) as EventSeriesFields & { endDate: string; endLocal: string; startLocal: string }
      const mark = async () =>
        (
          await tx.execute(
            sql`SELECT materialized_until::text AS until FROM events WHERE id = ${eventId}`,
          )
        ).rows[0]!.until
      const before = { rows: (await tx.execute(ROWS(eventId))).rows, mark: await mark() }
      const expanded = expandEventSeries(event, horizon)!
      await storeSeriesOccurrences(tx, {
        span: {
          id: eventId,
          startDate: new Date(event.startDate!),
          endDate: new Date(event.endDate),
          startLocal: event.startLocal,
          endLocal: event.endLocal,
        },
        series: expanded.series,
        occurrences: expanded.occurrences,
        horizon: expanded.storedUntil,
      })
      seen = { before, after: { rows: (await tx.execute(ROWS(eventId))).rows, mark: await mark() } }
      throw rollback
    }).catch((error) => {
      if (error !== rollback) throw error
    })
    return seen
  }

  it('stores, in two runs 40 and 92 days on, what each series would store whole: the same rows, ids, exceptions and marks', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)
    const ids = await Promise.all(
      KINDS.map((kind, index) => createEvent(eventData(kind, dateIn(10 + index * 3)))),
    )
    // An exclusion and an extra date both past the save's horizon (in what the job adds), and a
    // COUNT that the series reaches between the two runs: then stored whole.
    const savedHorizon = horizonAfter(new Date(), horizonMonths)
    const later = horizonAfter(new Date(Date.now() + 92 * DAY), horizonMonths)
    const weekly = KINDS[0]!
    const weeklyData = eventData(weekly, today)
    const start: SeriesStart = {
      start: instantToWall(new Date(weeklyData.startDate), weekly.zone),
      timeZone: weekly.zone,
      allDay: false,
    }
    const gained = expandRecurrence(
      start,
      { rule: parseRule(weekly.rule, start), rdates: [], exdates: [] },
      later,
    ).filter((occurrence) => Date.parse(occurrence.startUtc) > savedHorizon.getTime() + 5 * DAY)
    const rdate = `${gained[3]!.start.slice(0, 10)}T21:15:00`
    ids.push(
      await createEvent(
        eventData(weekly, today, {
          exdates: [gained[0]!.start, gained[5]!.start],
          rdates: [rdate],
        }),
      ),
    )
    const stored = expandRecurrence(
      start,
      { rule: parseRule(weekly.rule, start), rdates: [], exdates: [] },
      savedHorizon,
    ).length
    const counted = await createEvent(
      eventData(weekly, today, { rule: `${weekly.rule};COUNT=${stored + 6}` }),
    )
    ids.push(counted)

    // An occurrence cancelled and one moved, which the job must leave as they are.
    const rest = restAs(
      () => api,
      () => admin,
    )
    const first = (await rowsOf(ids[0]!)) as { id: number }[]
    await rest('PATCH', `/events/${ids[0]}/occurrences/${first[2]!.id}`, { status: 'cancelled' })
    const moved = (await rowsOf(ids[0]!))[3] as { start_utc: string }
    const movedStart = Date.parse(moved.start_utc.replace(' ', 'T').replace(/\+00$/, 'Z')) + DAY
    await rest('PATCH', `/events/${ids[0]}/occurrences/${first[3]!.id}`, {
      startDate: new Date(movedStart).toISOString(),
      endDate: new Date(movedStart + 5_400_000).toISOString(),
    })
    const saved = new Map(await Promise.all(ids.map(async (id) => [id, await rowsOf(id)] as const)))

    for (const days of [40, 92]) {
      const now = new Date(Date.now() + days * DAY)
      const run = await extendRecurrences({ collection: 'events', horizonMonths, now, payload })
      expect(run.series).toBeGreaterThanOrEqual(ids.length - 1)
      const horizon = horizonAfter(now, horizonMonths)
      for (const id of ids) {
        const whole = await wholeStoreOf(id, horizon)
        expect(whole.after, `event ${id}, ${days} days on`).toEqual(whole.before)
      }
    }
    expect(await markOf(counted)).toBe('9000-01-01 00:00:00+00')
    let added = 0
    for (const id of ids) {
      const rows = (await rowsOf(id)) as { id: number; original_start: string }[]
      const before = saved.get(id) as typeof rows
      // Every row the save stored is still there, as it was; the job added the rest.
      expect(rows.slice(0, before.length)).toEqual(before)
      expect(new Set(rows.map((row) => row.original_start)).size).toBe(rows.length)
      added += rows.length - before.length
    }
    expect(added).toBeGreaterThan(60)
    const excluded = (await rowsOf(ids.at(-2)!)) as {
      original_start: string
      from_rdate: boolean
    }[]
    expect(excluded.map((row) => row.original_start)).not.toContain(gained[0]!.start)
    expect(excluded.filter((row) => row.from_rdate).map((row) => row.original_start)).toEqual([
      rdate,
    ])
  })

  it('adds no second row for a start already stored when a save wrote back an older mark', async () => {
    const id = await createEvent(eventData(KINDS[0]!, new Date().toISOString().slice(0, 10)))
    const savedMark = await markOf(id)
    const now = new Date(Date.now() + 60 * DAY)
    await extendRecurrences({ collection: 'events', horizonMonths, now, payload })
    const extended = await rowsOf(id)
    // A save that read the event before the job ran writes its mark back as it read it.
    await drizzleOf(payload)!.execute(
      sql`UPDATE events SET materialized_until = ${savedMark}::timestamptz WHERE id = ${id}`,
    )
    await extendRecurrences({ collection: 'events', horizonMonths, now, payload })
    expect(await rowsOf(id)).toEqual(extended)
    const whole = await wholeStoreOf(id, horizonAfter(now, horizonMonths))
    expect(whole.after).toEqual(whole.before)
  })

  it('waits for a series another transaction holds, then extends it from what that one stored', async () => {
    const id = await createEvent(eventData(KINDS[4]!, new Date().toISOString().slice(0, 10)))
    const drizzle = drizzleOf(payload)!
    let release!: () => void
    let locked!: () => void
    const holding = new Promise<void>((resolve) => (locked = resolve))
    const released = new Promise<void>((resolve) => (release = resolve))
    const holder = drizzle.transaction!(async (tx) => {
      await tx.execute(sql`SELECT id FROM events WHERE id = ${id} FOR UPDATE`)
      locked()
      await released
    })
    await holding
    const now = new Date(Date.now() + 30 * DAY)
    const job = extendRecurrences({ collection: 'events', horizonMonths, now, payload })
    let done = false
    void job.finally(() => (done = true))
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    // The job passed every other series and now waits for this one.
    expect(done).toBe(false)
    release()
    await holder
    await job
    const horizon = horizonAfter(now, horizonMonths)
    expect(new Date(`${(await markOf(id)).replace(' ', 'T')}:00`).getTime()).toBe(horizon.getTime())
    const whole = await wholeStoreOf(id, horizon)
    expect(whole.after).toEqual(whole.before)
  })
})
