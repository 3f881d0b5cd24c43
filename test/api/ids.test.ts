import type { CollectionSlug, Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

import { runExport, runImport } from '../../src/cli/commands'
import { findMissingCalendarSchema } from '../../src/db/calendarSchema'
import { drizzleOf } from '../../src/db/pool'
import { down, up } from '../../src/migrations/20261127_000000_shared_id_owners'
import { MAX_CHOSEN_ID } from '../../src/hooks/guardChosenIds'
import {
  as,
  createUser,
  failureOf,
  getTestPayload,
  type TestUser,
  unique,
} from '../helpers/payload'
import { inRolledBackTransaction } from '../helpers/rolledBack'

const event = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  startDate: '2027-01-10T18:00:00.000Z',
  endDate: '2027-01-10T20:00:00.000Z',
  timezone: 'UTC',
  status: 'publish',
  ...extra,
})

describe('id spaces (docs/compatibility.md, "Shared id spaces")', () => {
  let payload: Payload
  beforeAll(async () => {
    payload = await getTestPayload()
  })

  it('gives events, venues and organizers ids from one sequence', async () => {
    const venue = await payload.create({
      collection: 'venues',
      data: { name: unique('venue'), status: 'publish' },
    })
    const organizer = await payload.create({
      collection: 'organizers',
      data: { name: unique('org'), status: 'publish' },
    })
    const created = await payload.create({
      collection: 'events',
      data: event(unique('event')) as never,
    })
    const ids = [venue.id, organizer.id, created.id] as number[]
    expect(new Set(ids).size).toBe(3)
    expect(ids[1]).toBe(ids[0]! + 1)
    expect(ids[2]).toBe(ids[1]! + 1)
  })

  it('gives categories and tags ids from another sequence', async () => {
    const category = await payload.create({
      collection: 'event-categories',
      data: { name: unique('cat') },
    })
    const tag = await payload.create({ collection: 'event-tags', data: { name: unique('tag') } })
    expect(tag.id).toBe((category.id as number) + 1)
  })

  it('keeps an imported id and moves the sequence past it', async () => {
    const imported = await payload.create({
      collection: 'venues',
      data: { id: 5000, name: unique('imported'), status: 'publish' } as never,
    })
    expect(imported.id).toBe(5000)
    const next = await payload.create({
      collection: 'events',
      data: event(unique('after-import')) as never,
    })
    expect(next.id).toBe(5001)
  })

  it('refuses an explicit id that another collection of the group already uses, and writes nothing', async () => {
    const venue = await payload.create({
      collection: 'venues',
      data: { name: unique('taken'), status: 'publish' },
    })
    const title = unique('clash')
    await expect(
      payload.create({ collection: 'events', data: event(title, { id: venue.id }) as never }),
    ).rejects.toThrow()
    const { totalDocs } = await payload.count({
      collection: 'events',
      where: { title: { equals: title } },
    })
    expect(totalDocs).toBe(0)
  })

  describe('chosen ids at the same moment, and ids near the top', () => {
    let admin: TestUser
    const query = async (text: string) => (await drizzleOf(payload)!.execute(sql.raw(text))).rows
    const lastValue = async (sequence: string) =>
      Number((await query(`SELECT last_value FROM "${sequence}"`))[0]!.last_value)
    const dataFor = (collection: string, id: number) =>
      collection === 'events'
        ? event(unique('race'), { id })
        : {
            id,
            name: unique('race'),
            ...(collection === 'venues' || collection === 'organizers'
              ? { status: 'publish' }
              : {}),
          }
    /** How many rows of `tables` have the id. */
    const holders = async (tables: string[], id: number) =>
      Number(
        (
          await query(
            `SELECT (${tables.map((table) => `(SELECT count(*) FROM "${table}" WHERE id = ${id})`).join(' + ')}) AS n`,
          )
        )[0]!.n,
      )

    beforeAll(async () => {
      admin = await createUser(payload, 'administrator')
    })

    /** One id chosen by administrators in every collection of a group at once, round after round: one create wins, the others are refused cleanly. */
    async function race(collections: string[], tables: string[], sequence: string) {
      const rounds = 12
      const base = (await lastValue(sequence)) + 100
      const outcomes: string[] = []
      for (let round = 0; round < rounds; round++) {
        const id = base + round
        const results = await Promise.allSettled(
          collections.map((collection) =>
            payload.create({
              collection: collection as CollectionSlug,
              data: dataFor(collection, id) as never,
              ...as(admin),
            }),
          ),
        )
        outcomes.push(
          results
            .map((result) => result.status)
            .sort()
            .join(','),
        )
        for (const result of results) {
          if (result.status === 'rejected')
            expect((result.reason as { status?: number }).status, String(result.reason)).toBe(400)
        }
        expect(await holders(tables, id), `round ${round}: id ${id}`).toBe(1)
      }
      expect(outcomes).toEqual(
        Array(rounds).fill(
          ['fulfilled', ...Array(collections.length - 1).fill('rejected')].join(','),
        ),
      )
    }

    it('gives a chosen id to one event, venue or organizer only, when administrators choose it in all three at once', async () => {
      await race(
        ['events', 'venues', 'organizers'],
        ['events', 'venues', 'organizers'],
        'calendar_post_ids',
      )
    })

    it('gives a chosen id to one category or tag only, when administrators choose it in both at once', async () => {
      await race(
        ['event-categories', 'event-tags'],
        ['event_categories', 'event_tags'],
        'calendar_term_ids',
      )
    })

    it('migrates down to the check the owners tables replaced, and up again (in a transaction rolled back)', async () => {
      await inRolledBackTransaction(payload, async (tx) => {
        const names = async () =>
          (
            (await tx.execute(
              sql`SELECT tgname FROM pg_trigger WHERE tgrelid = 'venues'::regclass AND tgname LIKE '%shared_id%' ORDER BY 1`,
            )) as { rows: { tgname: string }[] }
          ).rows.map((row) => row.tgname)
        await down({ db: tx } as never)
        expect(await names()).toEqual(['venues_refuse_shared_id'])
        expect(await findMissingCalendarSchema(tx)).toContain('table calendar_post_id_owners')
        await up({ db: tx } as never)
        expect(await names()).toEqual([
          'venues_claim_shared_id',
          'venues_release_shared_id',
          'venues_release_shared_ids',
        ])
        expect(await findMissingCalendarSchema(tx)).toEqual([])
      })
    })

    it('updates items as before, in every language (Payload writes an update as an insert that meets its own row)', async () => {
      const venue = await payload.create({
        collection: 'venues',
        data: {
          id: (await lastValue('calendar_post_ids')) + 50,
          name: unique('upserted'),
          status: 'publish',
        } as never,
        ...as(admin),
      })
      const category = await payload.create({
        collection: 'event-categories',
        data: { name: unique('upserted') },
      })
      for (const locale of ['en', 'fr'] as const) {
        expect(
          (
            await payload.update({
              collection: 'venues',
              data: { name: `${locale} name` },
              id: venue.id,
              locale,
            })
          ).name,
        ).toBe(`${locale} name`)
        expect(
          (
            await payload.update({
              collection: 'event-categories',
              data: { name: `${locale} name` },
              id: category.id,
              locale,
            })
          ).name,
        ).toBe(`${locale} name`)
      }
    })

    it("frees a deleted item's id for another collection of its group", async () => {
      const venue = await payload.create({
        collection: 'venues',
        data: { name: unique('freed'), status: 'publish' },
      })
      await payload.delete({ collection: 'venues', id: venue.id })
      const organizer = await payload.create({
        collection: 'organizers',
        data: { id: venue.id, name: unique('takes-it'), status: 'publish' } as never,
      })
      expect(organizer.id).toBe(venue.id)
    })

    it('restores an export whole after an id near the top moved the sequence past the ids an administrator may choose', async () => {
      const before = await lastValue('calendar_post_ids')
      const work = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-ids-'))
      const top = MAX_CHOSEN_ID - 1
      try {
        // As an import of a source whose highest id is near a billion: the next items the site makes are above MAX_CHOSEN_ID.
        const venue = await payload.create({
          collection: 'venues',
          data: { id: top, name: unique('near the top'), status: 'publish' } as never,
        })
        const made = [venue.id as number]
        for (let index = 0; index < 3; index++)
          made.push(
            (
              await payload.create({
                collection: 'events',
                data: event(unique('above'), { venue: venue.id }) as never,
              })
            ).id as number,
          )
        expect(made).toEqual([top, top + 1, top + 2, top + 3])
        expect(made.filter((id) => id > MAX_CHOSEN_ID)).toHaveLength(2)

        const dump = path.join(work, 'dump.json')
        const quiet = { interactive: false, write: () => undefined }
        expect(await runExport(payload, dump, quiet)).toBe(0)
        // The backup restores the items that were lost, with their ids, whatever the sequence gave them.
        for (const id of made.slice(1)) await payload.delete({ collection: 'events', id })
        await payload.delete({ collection: 'venues', id: top })
        const { report } = await runImport(
          payload,
          { command: 'import', concurrency: 4, dryRun: false, file: dump },
          quiet,
        )
        expect(report.failures.filter((failure) => made.includes(failure.id))).toEqual([])
        for (const id of made.slice(1))
          expect((await payload.findByID({ collection: 'events', depth: 0, id })).venue).toBe(top)
        expect(await holders(['venues'], top)).toBe(1)
        // The sequence is where the exported site's was: the next item comes after them.
        const next = await payload.create({
          collection: 'organizers',
          data: { name: unique('next'), status: 'publish' },
        })
        expect(next.id).toBe(top + 4)
        made.push(next.id as number)
        // An administrator still chooses no id above MAX_CHOSEN_ID.
        const refused = await failureOf(() =>
          payload.create({
            collection: 'venues',
            data: { id: top + 10, name: unique('chosen'), status: 'publish' } as never,
            ...as(admin),
          }),
        )
        expect(JSON.stringify(refused.data)).toContain(`from 1 to ${MAX_CHOSEN_ID}`)
      } finally {
        // The other files of the run share this database: no id near the top is left behind.
        for (const table of ['events', 'venues', 'organizers'])
          await query(`DELETE FROM "${table}" WHERE id >= ${top}`)
        await query(`SELECT setval('calendar_post_ids', ${before})`)
        await fs.rm(work, { force: true, recursive: true })
      }
    })
  })
})
