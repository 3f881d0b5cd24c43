import type {
  BaseDatabaseAdapter,
  CollectionAfterChangeHook,
  CollectionBeforeValidateHook,
  CollectionSlug,
  Payload,
  PayloadRequest,
} from 'payload'

import { sql } from '@payloadcms/db-postgres'
import {
  createVersion as adapterCreateVersion,
  updateOne as adapterUpdateOne,
} from '@payloadcms/drizzle'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { commitTransaction, createLocalReq, initTransaction, killTransaction } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { foldedLike } from '../../src/db/foldedSearch'
import { drizzleOf, poolOf, transactionSessionOf } from '../../src/db/payloadInternals/adapter'
import { PAYLOAD_INTERNALS, verifyPayloadInternals } from '../../src/db/payloadInternals/index'
import { PREFERENCE_BOUNDS } from '../../src/db/payloadInternals/boundedPreferences'
import { keepForNextStatement } from '../../src/db/payloadInternals/serialQueryClient'
import { installedPayloadVersion } from '../../src/db/payloadInternals/payloadVersion'
import { TransactionNotKeptError } from '../../src/db/transactionNotKept'
import { watchDriverStatements } from '../helpers/driverStatements'
import { basic, serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { lexicalParagraph } from '../helpers/lexical'

/*
 * Each patch of Payload's and pg's internals (`src/db/payloadInternals/`) in effect on the Payload
 * this package is tested with: what it changes, observed through real queries and real HTTP, so
 * that each test fails when its patch is not applied (or when an upgrade leaves it without
 * effect). `npm run test:latest-payload` runs this file against the newest Payload 3.
 */

const DATES = { endDate: '2027-06-01T12:00:00.000Z', startDate: '2027-06-01T10:00:00.000Z' }

/** Every statement the driver is asked to run while `work` runs, with how many were unanswered on its connection. */
async function statementsDuring(
  work: () => Promise<unknown>,
): Promise<{ busy: number; text: string }[]> {
  const seen: { busy: number; text: string }[] = []
  const stop = watchDriverStatements((text, busy) => seen.push({ busy, text }))
  try {
    await work()
  } finally {
    stop()
  }
  return seen
}

describe("Payload's internals, patched", () => {
  let payload: Payload
  let api: TestServer
  let admin: TestUser
  const tag = unique('internals').replace(/[^a-z0-9]/gi, '')

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    admin = await createUser(payload, 'administrator')
  })
  afterAll(() => api.close())

  const send = async (method: string, url: string, body?: unknown) => {
    const login = await fetch(`${api.url}/api/users/login`, {
      body: JSON.stringify({ email: admin.email, password: admin.password }),
      headers: { 'content-type': 'application/json' },
      method: 'POST',
    })
    const { token } = (await login.json()) as { token: string }
    const response = await fetch(`${api.url}${url}`, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      method,
    })
    return { body: await response.text(), status: response.status }
  }

  describe('the registry', () => {
    it('every patch is in effect on this Payload, and each has a reason', () => {
      expect(verifyPayloadInternals(payload, { enabled: true })).toEqual([])
      for (const patch of PAYLOAD_INTERNALS)
        expect(patch.reason.length, patch.name).toBeGreaterThan(20)
      expect(new Set(PAYLOAD_INTERNALS.map((patch) => patch.name)).size).toBe(
        PAYLOAD_INTERNALS.length,
      )
    })

    it('a patch no longer in effect is logged as an error naming it and the installed Payload version', () => {
      const manifest = path.join(process.cwd(), 'node_modules/payload/package.json')
      const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }
      expect(installedPayloadVersion()).toBe(version)

      const db = payload.db as unknown as { countDistinct: unknown }
      const mended = db.countDistinct
      const error = vi.spyOn(payload.logger, 'error').mockImplementation(() => undefined)
      try {
        // As an upgrade that replaced the adapter's method after the plugin patched it would leave it.
        db.countDistinct = async () => 0
        expect(
          verifyPayloadInternals(payload, { enabled: true }).map((failure) => failure.name),
        ).toEqual(['joined-counts'])
        const message = String(error.mock.calls[0]?.[0])
        expect(message).toContain('"joined-counts"')
        expect(message).toContain(`payload ${version}`)
      } finally {
        db.countDistinct = mended
        error.mockRestore()
      }
    })
  })

  it("adapter-state: a request's transaction session sees the request's own uncommitted writes", async () => {
    const req = await createLocalReq({}, payload)
    await initTransaction(req)
    try {
      const venue = await payload.create({
        collection: 'venues',
        data: { name: `${tag} Hall`, status: 'publish' } as never,
        overrideAccess: true,
        req,
      })
      const session = await transactionSessionOf(req)
      expect(session).not.toBeNull()
      const inSession = await session!.execute(sql`SELECT id FROM venues WHERE id = ${venue.id}`)
      const outside = await drizzleOf(payload)!.execute(
        sql`SELECT id FROM venues WHERE id = ${venue.id}`,
      )
      expect(inSession.rows).toHaveLength(1)
      expect(outside.rows).toHaveLength(0)
    } finally {
      await killTransaction(req)
    }
  })

  describe('commit-outcome', () => {
    /** What a hook that catches a database error inside the request's transaction leaves behind. */
    const swallowFailingStatement = async (req: Parameters<typeof transactionSessionOf>[0]) => {
      const session = await transactionSessionOf(req)
      await session!.execute(sql`SELECT 1 / 0`).catch(() => undefined)
    }

    it('a commit Postgres answers with a rollback fails, and nothing of the transaction is saved', async () => {
      const req = await createLocalReq({}, payload)
      await initTransaction(req)
      const name = `${tag} Rolled Back Hall`
      try {
        await payload.create({
          collection: 'venues',
          data: { name, status: 'publish' } as never,
          overrideAccess: true,
          req,
        })
        await swallowFailingStatement(req)
        await expect(commitTransaction(req)).rejects.toThrow(TransactionNotKeptError)
      } finally {
        await killTransaction(req)
      }
      const kept = await payload.find({
        collection: 'venues',
        overrideAccess: true,
        where: { name: { equals: name } },
      })
      expect(kept.totalDocs).toBe(0)

      // A transaction without a failed statement commits as before.
      const fine = await createLocalReq({}, payload)
      await initTransaction(fine)
      await payload.create({
        collection: 'venues',
        data: { name: `${name} Kept`, status: 'publish' } as never,
        overrideAccess: true,
        req: fine,
      })
      await commitTransaction(fine)
      const saved = await payload.find({
        collection: 'venues',
        overrideAccess: true,
        where: { name: { equals: `${name} Kept` } },
      })
      expect(saved.totalDocs).toBe(1)
    })

    it("a write whose hook caught a database error is answered 503 by Payload's REST API, not acknowledged", async () => {
      const name = `${tag} Swallowed Hall`
      const swallow: CollectionAfterChangeHook = async ({ doc, req }) => {
        if ((doc as { name?: string }).name === name) await swallowFailingStatement(req)
        return doc
      }
      const hooks = payload.collections.venues.config.hooks
      hooks.afterChange = [...hooks.afterChange, swallow]
      try {
        const answer = await send('POST', '/api/venues', { name, status: 'publish' })
        expect(answer.status, answer.body).toBe(503)
        expect(answer.body).toContain('not saved')
        expect(answer.body).not.toContain('SELECT')
      } finally {
        hooks.afterChange = hooks.afterChange.filter((hook) => hook !== swallow)
      }
      const kept = await payload.find({
        collection: 'venues',
        overrideAccess: true,
        where: { name: { equals: name } },
      })
      expect(kept.totalDocs).toBe(0)
    })
  })

  it('serial-queries: statements sent side by side on one pooled connection reach the driver one at a time', async () => {
    const client = await poolOf(payload)!.connect()
    try {
      const seen = await statementsDuring(() =>
        Promise.all([
          client.query('SELECT pg_sleep(0.05)'),
          client.query('SELECT 1'),
          client.query('SELECT 2'),
        ]),
      )
      expect(seen.map((statement) => statement.text)).toEqual([
        'SELECT pg_sleep(0.05)',
        'SELECT 1',
        'SELECT 2',
      ])
      expect(seen.filter((statement) => statement.busy > 0)).toEqual([])
    } finally {
      client.release()
    }
  })

  it("serial-queries: a kept statement goes in one message before the next, alone when flushed, before a commit on its own, and its failure is the next one's", async () => {
    const req = await createLocalReq({}, payload)
    await initTransaction(req)
    let seen: { text: string }[] | undefined
    try {
      const session = (await transactionSessionOf(req)) as unknown as {
        execute: (query: unknown) => Promise<{ rows: Record<string, unknown>[] }>
        session: { client: unknown }
      }
      const client = session.session.client
      seen = await statementsDuring(async () => {
        await session.execute(sql`SELECT 1 AS first`)
        // Kept: sent with the next statement, its rows objects whatever that one's row mode.
        const kept = keepForNextStatement(client, 'SELECT $1::text AS said, 2 AS two', ["it's"])!
        expect(kept).not.toBeNull()
        const next = await (
          client as { query: (config: unknown) => Promise<{ rows: unknown }> }
        ).query({ rowMode: 'array', text: 'SELECT $1::int + 1 AS three', values: [2] })
        expect(next.rows).toEqual([[3]])
        expect((await kept.result).rows).toEqual([{ said: "it's", two: 2 }])
        // Flushed: sent on its own, before any later statement.
        const alone = keepForNextStatement(client, 'SELECT 4 AS four', [])!
        alone.flush()
        expect((await alone.result).rows).toEqual([{ four: 4 }])
        // Before a commit: on its own, then the commit.
        keepForNextStatement(client, 'SELECT 5 AS five', [])
        await commitTransaction(req)
      })
    } catch (error) {
      await killTransaction(req)
      throw error
    }
    const texts = seen!.map(({ text }) => text.trim().toLowerCase())
    expect(texts).toEqual([
      expect.stringMatching(/^begin;\s*select 1 as first$/),
      "select 'it''s'::text as said, 2 as two;\nselect '2'::int + 1 as three",
      'select 4 as four',
      'select 5 as five',
      'commit',
    ])

    // A kept statement that fails fails the statement it went with; a commit after it is sent.
    const failing = await createLocalReq({}, payload)
    await initTransaction(failing)
    const session = (await transactionSessionOf(failing)) as unknown as {
      execute: (query: unknown) => Promise<unknown>
      session: { client: unknown }
    }
    await session.execute(sql`SELECT 1`)
    const kept = keepForNextStatement(session.session.client, 'SELECT 1 / 0', [])!
    const raw = session.session.client as { query: (text: string) => Promise<unknown> }
    await expect(raw.query('SELECT 2')).rejects.toThrow(/division by zero/)
    await expect(kept.result).rejects.toThrow(/division by zero/)
    await killTransaction(failing)

    // One that fails before a statement it cannot go with (too long to be written out): that
    // statement fails with the kept one's cause, not Postgres's "transaction is aborted".
    const beforeLong = await createLocalReq({}, payload)
    await initTransaction(beforeLong)
    const longSession = (await transactionSessionOf(beforeLong)) as unknown as {
      execute: (query: unknown) => Promise<unknown>
      session: { client: unknown }
    }
    await longSession.execute(sql`SELECT 1`)
    const failed = keepForNextStatement(longSession.session.client, 'SELECT 1 / 0', [])!
    const long = longSession.session.client as {
      query: (text: string, values: unknown[]) => Promise<unknown>
    }
    await expect(long.query('SELECT length($1::text)', ['x'.repeat(20_000)])).rejects.toThrow(
      /division by zero/,
    )
    await expect(failed.result).rejects.toThrow(/division by zero/)
    await killTransaction(beforeLong)

    // One that fails just before a commit: the commit is refused (it rolled back), not reported
    // as saved (commit-outcome).
    const beforeCommit = await createLocalReq({}, payload)
    await initTransaction(beforeCommit)
    const committing = (await transactionSessionOf(beforeCommit)) as unknown as {
      execute: (query: unknown) => Promise<unknown>
      session: { client: unknown }
    }
    await committing.execute(sql`SELECT 1`)
    const lost = keepForNextStatement(committing.session.client, 'SELECT 1 / 0', [])!
    await expect(commitTransaction(beforeCommit)).rejects.toThrow(/not saved/)
    await expect(lost.result).rejects.toThrow(/division by zero/)
    await killTransaction(beforeCommit)
    const client = await poolOf(payload)!.connect()
    try {
      // The connection went back to the pool out of any transaction.
      expect((await client.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }])
    } finally {
      client.release()
    }
  })

  it("serial-queries: a transaction's begin goes with its first statement, in one message, and a transaction that sent nothing sends nothing", async () => {
    const venueNamed = async (name: string) =>
      (
        await payload.find({
          collection: 'venues',
          overrideAccess: true,
          where: { name: { equals: name } },
        })
      ).totalDocs
    const name = `${tag} Begun Hall`
    const req = await createLocalReq({}, payload)
    const seen = await statementsDuring(async () => {
      await initTransaction(req)
      try {
        const session = await transactionSessionOf(req)
        // The parameters written in mean what they meant as parameters.
        const { rows } = await session!.execute(
          sql`SELECT ${"it's"} AS quoted, ${7}::int + 1 AS sum, ${null}::text IS NULL AS missing`,
        )
        expect(rows).toEqual([{ missing: true, quoted: "it's", sum: 8 }])
        await payload.create({
          collection: 'venues',
          data: { name, status: 'publish' } as never,
          overrideAccess: true,
          req,
        })
      } finally {
        await killTransaction(req)
      }
    })
    const texts = seen.map(({ text }) => text.trim().toLowerCase())
    expect(texts[0]).toMatch(/^begin;\s*select 'it''s' as quoted, '7'::int \+ 1/)
    expect(texts.filter((text) => text.startsWith('begin'))).toHaveLength(1)
    expect(texts.at(-1)).toBe('rollback')
    // The begin took effect: the rollback undid the save.
    expect(await venueNamed(name)).toBe(0)

    // Nothing sent: neither the begin nor its end.
    const idle = await createLocalReq({}, payload)
    expect(
      await statementsDuring(async () => {
        await initTransaction(idle)
        await killTransaction(idle)
        await initTransaction(idle)
        await commitTransaction(idle)
      }),
    ).toEqual([])

    // A long statement goes as it is, after the begin on its own.
    const long = await createLocalReq({}, payload)
    const text = 'x'.repeat(20_000)
    const sent = await statementsDuring(async () => {
      await initTransaction(long)
      const session = await transactionSessionOf(long)
      const { rows } = await session!.execute(sql`SELECT length(${text}) AS length`)
      expect(rows).toEqual([{ length: 20_000 }])
      await commitTransaction(long)
    })
    expect(sent.map((statement) => statement.text.trim())).toEqual([
      'begin',
      'SELECT length($1) AS length',
      'commit',
    ])

    // A first statement that fails, its error caught, still fails the commit (commit-outcome).
    const failing = await createLocalReq({}, payload)
    await initTransaction(failing)
    try {
      const session = await transactionSessionOf(failing)
      await session!.execute(sql`SELECT 1 / ${0}::int`).catch(() => undefined)
      await expect(commitTransaction(failing)).rejects.toThrow(TransactionNotKeptError)
    } finally {
      await killTransaction(failing)
    }
  })

  it("push-schema: a push leaves the calendar's tables alone and keeps its sequences and indexes", async () => {
    // A second adapter from the same config, built (not connected) as a development push would build it.
    const adapter = payload.config.db.init({ payload }) as BaseDatabaseAdapter & {
      enums: Record<string, unknown>
      init: () => Promise<void>
      push?: boolean
      tables: Record<string, unknown>
      tablesFilter?: string[]
    }
    adapter.push = true
    await adapter.init()
    // Outside the push's view (the whole push: test/api/calendar-push.test.ts), so not in its schema.
    expect(adapter.tablesFilter).toEqual(
      expect.arrayContaining([
        '!calendar_occurrences',
        '!calendar_changes',
        '!calendar_term_counts',
        '!calendar_post_id_owners',
      ]),
    )
    expect(Object.keys(adapter.tables)).not.toContain('calendar_occurrences')
    expect(Object.keys(adapter.enums)).toEqual(
      expect.arrayContaining([
        'calendar_post_ids',
        'calendar_term_ids',
        'calendar_term_counts_id_seq',
      ]),
    )
  })

  it('validation-details: a refused write answers with the fields at fault, also for an error of another copy of Payload', async () => {
    // Payload's ValidationError as another copy of its classes makes it: same shape, not `instanceof`.
    class ForeignValidationError extends Error {
      data = { collection: 'venues', errors: [{ message: 'Not this name', path: 'name' }] }
      override name = 'ValidationError'
      status = 400
    }
    const refuse: CollectionBeforeValidateHook = ({ data }) => {
      if ((data as { name?: string } | undefined)?.name === `${tag} refused`)
        throw new ForeignValidationError('The following field is invalid: name')
      return data
    }
    const hooks = payload.collections.venues.config.hooks
    hooks.beforeValidate = [refuse, ...hooks.beforeValidate]
    try {
      const answer = await send('POST', '/api/venues', {
        name: `${tag} refused`,
        status: 'publish',
      })
      expect(answer.status, answer.body).toBe(400)
      const body = JSON.parse(answer.body) as {
        errors: { data?: { errors?: { path: string }[] } }[]
      }
      expect(body.errors[0]?.data?.errors?.[0]?.path).toBe('name')
    } finally {
      hooks.beforeValidate = hooks.beforeValidate.filter((hook) => hook !== refuse)
    }
  })

  it("payload-collection-guards: Payload's own collections answer an impossible id with a 404", async () => {
    for (const collection of ['payload-locked-documents', 'payload-preferences'] as const) {
      // Past Postgres's integer: without the guard, a query the database refuses.
      const error = await payload
        .findByID({ collection, id: 99_999_999_999, overrideAccess: true })
        .then(
          () => null,
          (caught: { status?: number }) => caught,
        )
      expect(error?.status, collection).toBe(404)
    }
  })

  it('preference-deletes: a signed-in user deletes their own preference, then it is a 404', async () => {
    const key = `${tag}-preference`
    expect(
      (await send('POST', `/api/payload-preferences/${key}`, { value: { a: 1 } })).status,
    ).toBe(200)
    const deleted = await send('DELETE', `/api/payload-preferences/${key}`)
    expect(deleted.status, deleted.body).toBe(200)
    expect((await send('DELETE', `/api/payload-preferences/${key}`)).status).toBe(404)
  })

  it("bounded-preferences: a user's preferences are bounded in key, value and number, on both ways of writing them", async () => {
    const { keyLength, perUser, valueBytes } = PREFERENCE_BOUNDS
    const user = await createUser(payload, 'subscriber')
    const as = async (method: string, url: string, body: unknown) => {
      const response = await fetch(`${api.url}${url}`, {
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...basic(user.email, user.password) },
        method,
      })
      return { body: await response.text(), status: response.status }
    }
    const big = { text: 'x'.repeat(valueBytes) }
    for (const [url, body] of [
      [`/api/payload-preferences/${'k'.repeat(keyLength + 1)}`, { value: 1 }],
      [`/api/payload-preferences/${tag}-big`, { value: big }],
      ['/api/payload-preferences', { key: `${tag}-big`, value: big }],
      ['/api/payload-preferences', { key: 'k'.repeat(keyLength + 1), value: 1 }],
    ] as const) {
      const refused = await as('POST', url, body)
      expect(refused.status, `${url.slice(0, 60)} ${refused.body}`).toBe(400)
    }
    const first = await as('POST', `/api/payload-preferences/${tag}-kept`, { value: { a: 1 } })
    expect(first.status, first.body).toBe(200)
    for (let start = 1; start < perUser; start += 50)
      await Promise.all(
        Array.from({ length: Math.min(50, perUser - start) }, (_, index) =>
          payload.create({
            collection: 'payload-preferences',
            data: { key: `${tag}-seeded-${start + index}`, value: 1 } as never,
            overrideAccess: true,
            // Payload sets the owner from the request's user.
            user: { ...user, collection: 'users' } as never,
          }),
        ),
      )
    // At the bound: a new key is refused, a kept one still changes.
    expect(
      (await as('POST', `/api/payload-preferences/${tag}-one-more`, { value: 1 })).status,
    ).toBe(400)
    expect(
      (await as('POST', '/api/payload-preferences', { key: `${tag}-more`, value: 1 })).status,
    ).toBe(400)
    const again = await as('POST', `/api/payload-preferences/${tag}-kept`, { value: { a: 2 } })
    expect(again.status, again.body).toBe(200)
  })

  it('joined-counts: a count with joins is count(*) of a grouped subquery, with the right total', async () => {
    for (const title of [`${tag} Jazz night`, `${tag} Late jazz`]) {
      const event = await payload.create({
        collection: 'events',
        data: { ...DATES, status: 'publish', title } as never,
        overrideAccess: true,
      })
      // A second translation: a join on the translations gives two rows for this event.
      await payload.update({
        collection: 'events',
        data: { title: `${title} (fr)` } as never,
        id: event.id,
        locale: 'fr',
        overrideAccess: true,
      })
    }
    let total = 0
    const seen = await statementsDuring(async () => {
      total = (
        await payload.count({
          collection: 'events',
          overrideAccess: true,
          where: { title: { like: tag } },
        })
      ).totalDocs
    })
    expect(total).toBe(2)
    const counts = seen.map((statement) => statement.text).filter((text) => /count/i.test(text))
    expect(counts.length).toBeGreaterThan(0)
    expect(counts.join('\n')).not.toMatch(/over\s*\(\)/i)
    expect(counts.join('\n')).toMatch(/count\(\*\).*"counted"/is)
  })

  it("host-migrations: payload migrate brings back a missing piece of the calendar's, with no migration of the site's calling for it", async () => {
    const db = drizzleOf(payload)!
    const exists = async () =>
      (await db.execute(sql`SELECT to_regclass('events_start_date_id_idx') IS NOT NULL AS present`))
        .rows[0]?.present
    await db.execute(sql`DROP INDEX events_start_date_id_idx`)
    expect(await exists()).toBe(false)
    // What `payload migrate` calls, here with no migration left to run.
    await payload.db.migrate({ migrations: [] })
    expect(await exists()).toBe(true)
  })

  it('folded-search: a marked equals compares without regard to case or accents', async () => {
    const event = await payload.create({
      collection: 'events',
      data: { ...DATES, status: 'publish', title: `${tag} JAZZ à Lyon` } as never,
      overrideAccess: true,
    })
    const found = await payload.find({
      collection: 'events',
      depth: 0,
      overrideAccess: true,
      where: { and: [foldedLike('title', `%${tag} jàzz a lyon%`)] },
    })
    expect(found.docs.map((doc) => doc.id)).toEqual([event.id])
  })

  it('lock-releases: an update of an item nobody has open sends no statement to release its edit lock; one open is released', async () => {
    const create = (title: string) =>
      payload.create({
        collection: 'events',
        data: { ...DATES, status: 'publish', title: `${tag} ${title}` } as never,
        overrideAccess: true,
      })
    const [closed, open] = [await create('Closed'), await create('Open')]
    await payload.create({
      collection: 'payload-locked-documents',
      data: {
        document: { relationTo: 'events', value: open.id },
        user: { relationTo: 'users', value: admin.id },
      } as never,
    })
    // Payload's REST update, whose transaction takes the item's lock (src/hooks/serializeUpdates.ts).
    const rename = async (id: number | string) => {
      const statements = await statementsDuring(async () =>
        expect((await send('PATCH', `/api/events/${id}`, { title: `${tag} Renamed` })).status).toBe(
          200,
        ),
      )
      return statements.filter(({ text }) => /payload_locked_documents/.test(text))
    }
    const lockStatements = (await rename(closed.id)).map(({ text }) => text)
    // The item's lock read whether it is open, in its own statement; nothing is deleted.
    expect(lockStatements.filter((text) => /pg_try_advisory_xact_lock/.test(text))).toHaveLength(1)
    expect(lockStatements.some((text) => /^\s*delete/i.test(text))).toBe(false)
    const openStatements = (await rename(open.id)).map(({ text }) => text)
    expect(openStatements.some((text) => /^\s*delete/i.test(text))).toBe(true)
    const left = await payload.find({
      collection: 'payload-locked-documents',
      depth: 0,
      limit: 0,
      pagination: false,
    })
    expect(
      left.docs.filter(
        (lock) =>
          (lock as unknown as { document?: { value?: unknown } }).document?.value === open.id,
      ),
    ).toEqual([])
  })

  it('version-trims: a save reads the revision past the newest maxPerDoc by its id and updatedAt alone, and still drops the older ones', async () => {
    const event = await payload.create({
      collection: 'events',
      data: { ...DATES, status: 'publish', title: `${tag} Trimmed` } as never,
      overrideAccess: true,
    })
    const save = (n: number) =>
      payload.update({
        collection: 'events',
        data: { title: `${tag} Trimmed ${n}` } as never,
        id: event.id,
        overrideAccess: true,
      })
    await save(1)
    const { maxPerDoc } = payload.collections.events.config.versions as unknown as {
      maxPerDoc: number
    }
    // A save's copy of its revision reads this in its own statement (revision-copies); the adapter's read is asked as enforceMaxVersions asks it.
    const trimRead = () =>
      payload.db.findVersions({
        collection: 'events',
        limit: 1,
        page: 2,
        pagination: false,
        req: undefined,
        sort: '-updatedAt',
        where: { parent: { equals: event.id } },
      })
    let answer: Awaited<ReturnType<typeof trimRead>> | undefined
    const statements = await statementsDuring(async () => (answer = await trimRead()))
    expect(statements.map(({ text }) => text.trim())).toEqual([
      expect.stringMatching(/^SELECT "id", "updated_at" FROM "_events_v"/),
    ])
    expect(answer!.docs).toEqual([
      { id: expect.any(Number), parent: event.id, updatedAt: expect.any(String) },
    ])
    for (let n = 2; n <= maxPerDoc + 2; n++) await save(n)
    const { docs } = await payload.findVersions({
      collection: 'events',
      depth: 0,
      limit: 0,
      pagination: false,
      sort: '-updatedAt',
      where: { parent: { equals: event.id } },
    })
    expect(docs).toHaveLength(maxPerDoc)
    expect((docs[0]!.version as { title: string }).title).toBe(`${tag} Trimmed ${maxPerDoc + 2}`)
    expect((docs.at(-1)!.version as { title: string }).title).toBe(`${tag} Trimmed 3`)
  })

  it('relational-query-cache: a read of one item by id builds its query once per shape, and sends what Drizzle builds', async () => {
    type Built = { params: unknown[]; sql: string }
    type Query = { _toSQL: () => { builtQuery: Built } }
    const drizzle = (
      payload.db as unknown as {
        drizzle: {
          dialect: Record<string, unknown> & {
            buildRelationalQueryWithoutPK: (...args: unknown[]) => { sql: unknown }
            sqlToQuery: (sql: unknown) => Built
          }
          query: { events: { findFirst: (config: unknown) => Query } }
        }
      }
    ).drizzle
    const events = (payload.db as unknown as { tables: Record<string, Record<string, unknown>> })
      .tables.events!
    const [first, second] = await Promise.all(
      ['One', 'Two'].map((name) =>
        payload.create({
          collection: 'events',
          data: { ...DATES, status: 'publish', title: `${tag} Shape ${name}` } as never,
          overrideAccess: true,
        }),
      ),
    )
    const { dialect } = drizzle
    const build = dialect.buildRelationalQueryWithoutPK
    let builds = 0
    dialect.buildRelationalQueryWithoutPK = function (this: unknown, ...args: unknown[]) {
      builds++
      return build.apply(this, args)
    }
    try {
      const config = (id: number, childWhere = false) => ({
        columns: { id: true, slug: true },
        limit: 1,
        where: sql`${events.id} = ${id}`,
        with: {
          _locales: childWhere
            ? { columns: { title: true }, where: sql`${sql.raw('true')}` }
            : { columns: { title: true } },
          _rels: {
            columns: { order: true, path: true },
            orderBy: ({ order }: never, { asc }: { asc: (c: unknown) => unknown }) => [asc(order)],
          },
        },
      })
      // The first query of a shape is built; the next of that shape only given its own id.
      const kept = drizzle.query.events.findFirst(config(first!.id as number))._toSQL().builtQuery
      builds = 0
      const next = drizzle.query.events.findFirst(config(second!.id as number))._toSQL().builtQuery
      expect(builds).toBe(0)
      expect(next).toEqual({ ...kept, params: [second!.id, 1] })
      // What Drizzle itself builds for that query.
      const own = dialect.sqlToQuery(
        build.call(dialect, {
          fullSchema: (drizzle as unknown as { _: { fullSchema: unknown } })._.fullSchema,
          queryConfig: { ...config(second!.id as number), limit: 1 },
          schema: (drizzle as unknown as { _: { schema: Record<string, unknown> } })._.schema,
          table: events,
          tableAlias: 'events',
          tableConfig: (drizzle as unknown as { _: { schema: Record<string, unknown> } })._.schema
            .events,
          tableNamesMap: (drizzle as unknown as { _: { tableNamesMap: unknown } })._.tableNamesMap,
        }).sql,
      )
      expect(next.sql).toBe(own.sql)
      expect(next.params).toEqual(own.params)

      // A shape this cannot key (a where in a child table) is built at each query.
      builds = 0
      drizzle.query.events.findFirst(config(first!.id as number, true))._toSQL()
      drizzle.query.events.findFirst(config(second!.id as number, true))._toSQL()
      expect(builds).toBeGreaterThanOrEqual(2)

      // Payload's reads by id: each answers its own item, the second with no query built.
      const read = (id: unknown) =>
        payload.findByID({ collection: 'events', depth: 0, id: id as number, overrideAccess: true })
      expect((await read(first!.id)).title).toBe(`${tag} Shape One`)
      builds = 0
      expect((await read(second!.id)).title).toBe(`${tag} Shape Two`)
      expect(builds).toBe(0)
    } finally {
      dialect.buildRelationalQueryWithoutPK = build
    }
  })

  it('insert-query-cache: an upsert of a kept shape is sent with the text Drizzle built for it and its own values, and nothing is built', async () => {
    type Built = { params: unknown[]; sql: string }
    type Insert = {
      _prepare: () => { query: Built }
      onConflictDoUpdate: (config: unknown) => Insert
      returning: () => Insert
      toSQL: () => Built
    }
    const drizzle = (
      payload.db as unknown as {
        drizzle: {
          dialect: Record<string, unknown> & { buildInsertQuery: (...args: unknown[]) => unknown }
          insert: (table: unknown) => { values: (row: unknown) => Insert }
        }
      }
    ).drizzle
    const tables = (payload.db as unknown as { tables: Record<string, Record<string, unknown>> })
      .tables
    const [first, second] = await Promise.all(
      ['One', 'Two'].map((name) =>
        payload.create({
          collection: 'events',
          data: { ...DATES, status: 'publish', title: `${tag} Upsert ${name}` } as never,
          overrideAccess: true,
        }),
      ),
    )
    const { dialect } = drizzle
    const build = dialect.buildInsertQuery
    let builds = 0
    dialect.buildInsertQuery = function (this: unknown, ...args: unknown[]) {
      builds++
      return build.apply(this, args)
    }
    try {
      const upsert = (id: number, cost: null | string, where = false) => {
        const row = { allDay: false, cost, id, timezone: 'UTC' }
        return drizzle
          .insert(tables.events)
          .values(row)
          .onConflictDoUpdate(
            where
              ? { set: row, target: tables.events!.id, where: sql`${sql.raw('true')}` }
              : { set: row, target: tables.events!.id },
          )
          .returning()
      }
      // The first insert of a shape is built; the next of that shape only given its own values.
      upsert(first!.id as number, '$1')._prepare()
      builds = 0
      const next = upsert(second!.id as number, '$2')._prepare().query
      expect(builds).toBe(0)
      // What Drizzle itself builds for that insert (toSQL is not kept).
      const own = upsert(second!.id as number, '$2').toSQL()
      expect(builds).toBe(1)
      expect(next.sql).toBe(own.sql)
      expect(next.params).toEqual(own.params)
      expect(next.params).toContain('$2')
      // A null value is a value of the shape too.
      builds = 0
      const nulls = upsert(second!.id as number, null)._prepare().query
      expect(nulls).toEqual(upsert(second!.id as number, null).toSQL())

      // A shape this does not key (a conflict with a where) is built at each insert.
      builds = 0
      upsert(first!.id as number, '$1', true)._prepare()
      upsert(second!.id as number, '$2', true)._prepare()
      expect(builds).toBe(2)

      // Payload's updates: each writes its own item, the second with no insert built.
      const rename = (id: unknown, title: string) =>
        payload.update({
          collection: 'events',
          data: { title } as never,
          id: id as number,
          overrideAccess: true,
        })
      await rename(first!.id, `${tag} Upsert One renamed`)
      builds = 0
      await rename(second!.id, `${tag} Upsert Two renamed`)
      expect(builds).toBe(0)
      const read = (id: unknown) =>
        payload.findByID({ collection: 'events', depth: 0, id: id as number, overrideAccess: true })
      expect((await read(first!.id)).title).toBe(`${tag} Upsert One renamed`)
      expect((await read(second!.id)).title).toBe(`${tag} Upsert Two renamed`)
    } finally {
      dialect.buildInsertQuery = build
    }
  })
})

describe("revision-copies: a save's revision copied from its stored rows", () => {
  let payload: Payload
  const tag = unique('copies').replace(/[^a-z0-9]/gi, '')

  beforeAll(async () => {
    payload = await getTestPayload()
  })

  /** An event with every kind of row a revision copies: translations, relations, repeated texts, an enum. */
  const richEvent = async () => {
    const made = (collection: string, data: Record<string, unknown>) =>
      payload.create({
        collection: collection as 'events',
        data: data as never,
        overrideAccess: true,
      }) as Promise<{ id: number }>
    const category = await made('event-categories', { name: unique('Jazz') })
    const otherCategory = await made('event-categories', { name: unique('Blues') })
    const eventTag = await made('event-tags', { name: unique('outdoor') })
    const organizer = await made('organizers', { name: unique('Organizer'), status: 'publish' })
    const venue = await made('venues', { name: unique('Venue'), status: 'publish' })
    const event = await made('events', {
      ...DATES,
      categories: [otherCategory.id, category.id],
      cost: '$5 - $10',
      description: lexicalParagraph('Bold', 1),
      excerpt: `${tag} short`,
      password: 'open sesame',
      organizers: [organizer.id],
      recurrence: {
        exdates: ['2027-06-15T12:00:00'],
        rdates: ['2027-07-02T12:00:00', '2027-07-09T12:00:00'],
        rule: 'FREQ=WEEKLY;COUNT=4',
      },
      status: 'publish',
      tags: [eventTag.id],
      timezone: 'Europe/Paris',
      title: `${tag} Copied`,
      venue: venue.id,
    })
    for (const [locale, title] of [
      ['es', `${tag} Copiado`],
      ['fr', `${tag} Copié`],
    ] as const)
      await payload.update({
        collection: 'events',
        data: { excerpt: `${title} court`, title } as never,
        id: event.id,
        locale,
        overrideAccess: true,
      })
    return event.id as number
  }

  /** A revision's rows in its tables, without the ids that tell one revision's rows from another's. */
  const revisionRows = async (req: PayloadRequest, slug: string, id: number) => {
    const db = (await transactionSessionOf(req))!
    const read = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rows
    const table = `_${slug}_v`
    const [main] = await read(sql`SELECT * FROM ${sql.identifier(table)} WHERE "id" = ${id}`)
    const { id: _id, ...stored } = main!
    const bare = (rows: Record<string, unknown>[]) =>
      rows.map(({ _parent_id: _p, id: _i, parent_id: _q, ...rest }) => rest)
    // Translations by language: the order their rows were written in is the adapter's order of a
    // document's languages, which follows the order it read the item's rows in, which Postgres
    // does not fix; nothing reads them by it.
    const child = async (kind: string, parent: string, order = sql`"id"`) => {
      const [{ found }] = (await read(
        sql`SELECT to_regclass(${`"${table}_${kind}"`}) IS NOT NULL AS found`,
      )) as [{ found: boolean }]
      if (!found) return []
      return bare(
        await read(
          sql`SELECT * FROM ${sql.identifier(`${table}_${kind}`)} WHERE ${sql.identifier(parent)} = ${id} ORDER BY ${order}`,
        ),
      )
    }
    return {
      locales: await child('locales', '_parent_id', sql`"_locale", "id"`),
      main: stored,
      rels: await child('rels', 'parent_id'),
      texts: await child('texts', 'parent_id'),
    }
  }

  /**
   * The revision this patch writes of the item as it is stored, and the one the adapter's own
   * `createVersion` writes (both in a transaction rolled back), as `saveVersion` asks for them.
   */
  const bothRevisions = async (slug: string, id: number) => {
    const req = await createLocalReq({}, payload)
    await initTransaction(req)
    try {
      const versionData = (await payload.db.findOne({
        collection: slug as CollectionSlug,
        locale: 'all',
        req,
        where: { id: { equals: id } },
      })) as Record<string, unknown>
      const now = new Date().toISOString()
      const args = {
        autosave: false,
        collectionSlug: slug,
        createdAt: now,
        globalSlug: undefined,
        parent: id,
        publishedLocale: undefined,
        req,
        returning: undefined,
        select: undefined,
        updatedAt: now,
      }
      const ours = (await payload.db.createVersion({
        ...args,
        versionData: structuredClone(versionData),
      } as never)) as unknown as Record<string, unknown>
      const theirs = (await adapterCreateVersion.call(
        payload.db as never,
        {
          ...args,
          versionData: structuredClone(versionData),
        } as never,
      )) as unknown as Record<string, unknown>
      expect(ours.id).not.toBe(theirs.id)
      return {
        ours: { answer: ours, stored: await revisionRows(req, slug, ours.id as number) },
        theirs: { answer: theirs, stored: await revisionRows(req, slug, theirs.id as number) },
      }
    } finally {
      await killTransaction(req)
    }
  }

  it("a save sends its revision as one statement, which stores what the adapter's own inserts store and answers as its read back does", async () => {
    const id = await richEvent()
    const statements = await statementsDuring(() =>
      payload.update({
        collection: 'events',
        data: { title: `${tag} Copied again` } as never,
        id,
        overrideAccess: true,
      }),
    )
    const texts = statements.map(({ text }) => text.trim())
    expect(
      texts.filter((text) => /^WITH "revision" AS \(INSERT INTO "_events_v"/.test(text)),
    ).toHaveLength(1)
    expect(texts.filter((text) => /^insert into "_events_v/i.test(text))).toEqual([])
    // The read of the revisions past the newest maxPerDoc goes with the copy (version-trims drops them: its test).
    expect(texts.filter((text) => /^(select|SELECT)\b.*\bFROM "_events_v"/is.test(text))).toEqual(
      [],
    )

    const { ours, theirs } = await bothRevisions('events', id)
    // What `saveVersion` reads of it: the version (the save's answer) and the parent.
    expect(JSON.stringify(ours.answer.version)).toBe(JSON.stringify(theirs.answer.version))
    expect(ours.answer.parent).toBe(theirs.answer.parent)
    expect(ours.stored.locales).toHaveLength(3)
    expect(ours.stored.rels.length).toBeGreaterThanOrEqual(4)
    expect(ours.stored.texts.length).toBeGreaterThanOrEqual(5)
    expect(ours.stored).toEqual(theirs.stored)
  })

  it('unchanged-children: a save leaves the relations and repeated texts it would write again as they are, and stores what the adapter stores when they change', async () => {
    const id = await richEvent()
    const twin = await richEvent()
    const db = drizzleOf(payload)!
    const rows = async (parent: number) => {
      const read = async (table: string) =>
        (
          await db.execute(
            sql`SELECT * FROM ${sql.identifier(table)} WHERE "parent_id" = ${parent} ORDER BY "path", "order", "id"`,
          )
        ).rows
      return { rels: await read('events_rels'), texts: await read('events_texts') }
    }
    const bare = ({ rels, texts }: Awaited<ReturnType<typeof rows>>) => {
      const strip = (list: Record<string, unknown>[]) =>
        list.map(({ id: _id, parent_id: _parent, ...rest }) => rest)
      return { rels: strip(rels), texts: strip(texts) }
    }
    const childWrites = (statements: { text: string }[]) =>
      statements
        .map(({ text }) => text.trim())
        .filter((text) => /^(delete from|insert into) "events_(rels|texts)"/i.test(text))

    // A rename: no statement for the relations and texts, which keep their rows (their ids too).
    const before = await rows(id)
    expect(before.rels.length).toBeGreaterThanOrEqual(4)
    expect(before.texts.length).toBeGreaterThanOrEqual(5)
    const renamed = await statementsDuring(() =>
      payload.update({
        collection: 'events',
        data: { title: `${tag} Renamed` } as never,
        id,
        overrideAccess: true,
      }),
    )
    expect(childWrites(renamed)).toEqual([])
    expect(await rows(id)).toEqual(before)
    // Those rows are read with the delete of the item's translations, in the same statement.
    const sent = renamed.map(({ text }) => text.trim())
    expect(sent.filter((text) => /^delete from "events_locales"/i.test(text))).toEqual([])
    expect(sent.filter((text) => text.includes('row_to_json("child")'))).toEqual([
      expect.stringMatching(/^WITH "deleted" AS \(delete from "events_locales" where/),
    ])
    // And go in one message with the translations' insert, which follows them.
    expect(sent.filter((text) => /^insert into "events_locales"/i.test(text))).toEqual([])
    expect(
      sent
        .filter((text) => text.includes('row_to_json("child")'))[0]!
        .split(';\n')
        .at(-1),
    ).toMatch(/^insert into "events_locales"/)

    // The same changes saved on the item (through this patch) and on its twin (through the
    // adapter's own updateOne) store the same rows and answer the same.
    type Doc = Record<string, unknown>
    // Its terms as stored (a password-protected event's answer leaves them out).
    const stored = (path: string, column: string) =>
      before.rels.filter((row) => row.path === path).map((row) => row[column] as number)
    const doc = {
      categories: stored('categories', 'event_categories_id'),
      organizers: stored('organizers', 'organizers_id'),
      tags: stored('tags', 'event_tags_id'),
    }
    const rule = { exdates: ['2027-06-15T12:00:00'], rule: 'FREQ=WEEKLY;COUNT=4' }
    const [first, second] = doc.categories
    const changes: Record<string, unknown>[] = [
      // The item's own terms again (no change for it; its twin's all change).
      { categories: doc.categories, organizers: doc.organizers, tags: doc.tags },
      { categories: [second, first] },
      { categories: [first], tags: [] },
      { cost: '$7 - $12' },
      { recurrence: { ...rule, rdates: ['2027-07-02T12:00:00'] } },
      // Every repeated text gone: their delete is sent with no insert after it.
      {
        cost: '',
        organizers: [],
        recurrence: { ...rule, exdates: [], rdates: [] },
        title: `${tag} Bare`,
      },
    ]
    const ours = payload.db.updateOne
    const save = (item: number, data: Record<string, unknown>) =>
      payload.update({
        collection: 'events',
        data: data as never,
        depth: 0,
        id: item,
        overrideAccess: true,
      })
    // The twin renamed as the item was, through the adapter's own updateOne.
    payload.db.updateOne = adapterUpdateOne
    try {
      await save(twin, { title: `${tag} Renamed` })
    } finally {
      payload.db.updateOne = ours
    }
    for (const [index, change] of changes.entries()) {
      const saved = (await save(id, change)) as unknown as Doc
      payload.db.updateOne = adapterUpdateOne
      let twinSaved: Doc
      try {
        twinSaved = (await save(twin, change)) as unknown as Doc
      } finally {
        payload.db.updateOne = ours
      }
      for (const key of ['categories', 'organizers', 'tags', 'costDetails', 'recurrence'])
        expect([index, key, saved[key]]).toEqual([index, key, twinSaved[key]])
      expect([index, bare(await rows(id))]).toEqual([index, bare(await rows(twin))])
      const translations = async (parent: number) =>
        (
          await db.execute(
            sql`SELECT * FROM "events_locales" WHERE "_parent_id" = ${parent} ORDER BY "_locale"`,
          )
        ).rows.map(({ id: _id, _parent_id: _parent, ...rest }) => rest)
      expect([index, await translations(id)]).toEqual([index, await translations(twin)])
      const read = (item: number) =>
        payload.findByID({
          collection: 'events',
          depth: 0,
          id: item,
          overrideAccess: true,
        }) as unknown as Promise<Doc>
      const [again, twinAgain] = [await read(id), await read(twin)]
      for (const key of ['categories', 'organizers', 'tags', 'costDetails', 'recurrence'])
        expect([index, key, again[key]]).toEqual([index, key, twinAgain[key]])
    }
    expect((await rows(id)).texts).toEqual([])
  })

  it("revision riders: a single event's occurrence, read with the revision, is written only when the save would change it", async () => {
    const db = drizzleOf(payload)!
    const event = await payload.create({
      collection: 'events',
      data: { ...DATES, status: 'publish', title: `${tag} Single` } as never,
      overrideAccess: true,
    })
    const occurrence = async () =>
      (
        await db.execute(
          sql`SELECT o.*, e."materialized_until" FROM "calendar_occurrences" o JOIN "events" e ON e."id" = o."event_id" WHERE o."event_id" = ${event.id} ORDER BY o."id"`,
        )
      ).rows
    const save = (data: Record<string, unknown>) =>
      statementsDuring(() =>
        payload.update({
          collection: 'events',
          data: data as never,
          id: event.id,
          overrideAccess: true,
        }),
      )
    const occurrenceWrites = (statements: { text: string }[]) =>
      statements.filter(({ text }) => text.includes('INSERT INTO "calendar_occurrences"'))
    const stored = await occurrence()
    expect(stored).toHaveLength(1)

    // A rename leaves the occurrence as it is, with no statement.
    expect(occurrenceWrites(await save({ title: `${tag} Single renamed` }))).toEqual([])
    expect(await occurrence()).toEqual(stored)

    // What the save would change is still written: a cancelled occurrence scheduled again, an
    // occurrence left from a series dropped, new dates.
    await db.execute(
      sql`UPDATE "calendar_occurrences" SET "status" = 'cancelled' WHERE "id" = ${event.id}`,
    )
    expect(occurrenceWrites(await save({ title: `${tag} Single again` }))).toHaveLength(1)
    expect(await occurrence()).toEqual(stored)
    await db.execute(
      sql`INSERT INTO "calendar_occurrences" ("id", "event_id", "original_start", "start_local", "end_local", "start_utc", "end_utc")
        VALUES (nextval('calendar_post_ids'), ${event.id}, '2027-06-08T10:00:00', '2027-06-08T10:00:00', '2027-06-08T12:00:00', '2027-06-08T10:00:00Z', '2027-06-08T12:00:00Z')`,
    )
    expect(await occurrence()).toHaveLength(2)
    expect(occurrenceWrites(await save({ title: `${tag} Single alone` }))).toHaveLength(1)
    expect(await occurrence()).toEqual(stored)
    expect(
      occurrenceWrites(
        await save({
          endDate: '2027-06-02T12:00:00.000Z',
          startDate: '2027-06-02T10:00:00.000Z',
        }),
      ),
    ).toHaveLength(1)
    expect(await occurrence()).toEqual([
      expect.objectContaining({
        id: event.id,
        start_utc: '2027-06-02 10:00:00+00',
        status: 'scheduled',
      }),
    ])
  })

  it("a venue's revision, with its coordinates and translations, is the adapter's too", async () => {
    const venue = (await payload.create({
      collection: 'venues',
      data: {
        address: '1 Rue de Rivoli',
        city: 'Paris',
        country: 'France',
        latitude: 48.8566,
        longitude: 2.3522,
        name: unique('Copied venue'),
        status: 'publish',
      } as never,
      overrideAccess: true,
    })) as { id: number }
    const statements = await statementsDuring(() =>
      payload.update({
        collection: 'venues',
        data: { name: unique('Lieu copié') } as never,
        id: venue.id,
        locale: 'fr',
        overrideAccess: true,
      }),
    )
    expect(
      statements.filter(({ text }) =>
        /^WITH "revision" AS \(INSERT INTO "_venues_v"/.test(text.trim()),
      ),
    ).toHaveLength(1)
    const { ours, theirs } = await bothRevisions('venues', venue.id)
    expect(JSON.stringify(ours.answer.version)).toBe(JSON.stringify(theirs.answer.version))
    expect(ours.stored.locales).toHaveLength(2)
    expect(ours.stored.main.version_latitude).toBe('48.8566')
    expect(ours.stored).toEqual(theirs.stored)
  })
})
