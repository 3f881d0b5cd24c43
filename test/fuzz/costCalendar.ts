/**
 * Fills the cost fuzzer's fresh database, in a process of its own (it boots Payload, which the
 * fuzzer's process must not carry): `node --import ./src/server/register.mjs test/fuzz/costCalendar.ts
 * <summary.json>` with DATABASE_URL, DATA_DIR (where the server will look for uploads),
 * COST_EVENTS, COST_SERIES (how many of those events are recurring series; 0: none) and
 * COST_IMAGE_SIZE (pixels a side of the large public image; 0: none).
 *
 * The calendar is the benchmark's (`bench/seed.ts`: events in every status, venues, organizers,
 * categories, tags, translations, some behind a password); to it come an account of each role
 * the benchmark lacks, a contributor's application password (the quadratic-text attacks sign in
 * with it, as a WordPress client would), one published event, venue and organizer behind a
 * password, and the large image. With series, the calendar is issue 26's
 * (`bench/recurrenceSeed.ts`: the same events, the last COST_SERIES of them weekly, monthly or
 * daily series stored 24 months ahead), where a list's occurrences multiply.
 */
import type { Payload } from 'payload'

import fs from 'node:fs/promises'
import pg from 'pg'

import { seedRecurrence } from '../../bench/recurrenceSeed'
import { seed, type SeedSummary } from '../../bench/seed'

export type Account = { email: string; password: string }

export type CostSeedSummary = SeedSummary & {
  contributor: Account & { appPassword: string }
  /** The file name of the large public image (`/api/media/file/<name>`), when one was uploaded. */
  image?: string
  /** Published events in the calendar (the fuzzer's size). */
  published: number
  /**
   * With series: their occurrences, a sample of published, listed series (`post_parent`), and the
   * words of their titles that few events hold, most series first (`seriesWords`).
   */
  series?: { count: number; occurrences: number; sample: number[]; words: string[] }
  subscriber: Account
}

async function main() {
  const out = process.argv[2]
  if (!out) throw new Error('usage: costCalendar.ts <summary.json>')
  const events = Number(process.env.COST_EVENTS ?? 3_750)
  const imageSize = Number(process.env.COST_IMAGE_SIZE ?? 0)
  const seriesCount = Number(process.env.COST_SERIES ?? 0)
  const log = (message: string) => console.log(message)
  const recurring =
    seriesCount > 0
      ? await seedRecurrence({ series: seriesCount, singles: events - seriesCount, log })
      : undefined
  const summary = recurring ?? (await seed({ events, log }))
  const { bootPayload } = await import('../../src/server/db/boot')
  const payload = await bootPayload({ migrate: false })

  const account = async (role: string): Promise<Account & { id: number }> => {
    const email = `cost-${role}@example.test`
    const password = `cost-${role}-password`
    const user = await payload.create({
      collection: 'users',
      data: { email, password, role, username: `cost-${role}` } as never,
      overrideAccess: true,
    })
    return { email, id: Number(user.id), password }
  }
  const contributor = await account('contributor')
  const subscriber = await account('subscriber')
  const issued = (await payload.create({
    collection: 'application-passwords' as never,
    data: { name: 'cost fuzzer' } as never,
    overrideAccess: true,
    user: {
      ...(await payload.findByID({
        collection: 'users',
        id: contributor.id,
        overrideAccess: true,
      })),
      collection: 'users',
    },
  })) as unknown as { password: string }

  await protectedItems(payload)
  const image = imageSize > 0 ? await largeImage(payload, imageSize) : undefined
  const published = await payload.count({
    collection: 'events',
    overrideAccess: true,
    where: { status: { equals: 'publish' } },
  })

  const result: CostSeedSummary = {
    ...summary,
    contributor: {
      email: contributor.email,
      password: contributor.password,
      appPassword: issued.password,
    },
    image,
    published: published.totalDocs,
    series: recurring && {
      count: recurring.series,
      occurrences: recurring.occurrences,
      sample: recurring.seriesSample,
      words: await seriesWords(),
    },
    subscriber: { email: subscriber.email, password: subscriber.password },
  }
  await fs.writeFile(out, JSON.stringify(result))
}

/**
 * bench/seed.ts numbers each title (`Summer Jazz Night #5012`) and the series are the last events:
 * a number's first three digits (`#501`) is a word a few events hold (#501, #5010–#5019, …), and
 * most of them series, whose occurrences a search lists.
 */
async function seriesWords(): Promise<string[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    const { rows } = await client.query<{ word: string }>(
      `SELECT substring(l.title FROM '#[0-9]{3}') AS word FROM events e JOIN events_locales l ON l._parent_id = e.id AND l._locale = 'en'
       WHERE e.recurrence_rule IS NOT NULL AND e.status = 'publish' AND l.title ~ '#[0-9]{3}'
       GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 40`,
    )
    return rows.map((row) => row.word)
  } finally {
    await client.end()
  }
}

/** A published event, venue and organizer behind a password, whatever the random seed chose. */
async function protectedItems(payload: Payload) {
  const common = { status: 'publish', password: 'cost fuzzer' }
  const venue = await payload.create({
    collection: 'venues',
    data: { name: 'Protected venue', address: '1 Hidden Road', ...common } as never,
    overrideAccess: true,
  })
  const organizer = await payload.create({
    collection: 'organizers',
    data: { name: 'Protected organizer', email: 'hidden@example.org', ...common } as never,
    overrideAccess: true,
  })
  await payload.create({
    collection: 'events',
    data: {
      title: 'Protected event',
      cost: '42',
      startDate: '2027-04-01T10:00:00Z',
      endDate: '2027-04-01T12:00:00Z',
      venue: venue.id,
      organizers: [organizer.id],
      ...common,
    } as never,
    overrideAccess: true,
  })
}

/**
 * A public PNG of `size`×`size` pixels, one colour (a small file that is costly to decode and
 * resize), under a name of its own for each run, so that no resized copy Next kept from an
 * earlier run answers for it.
 */
async function largeImage(payload: Payload, size: number): Promise<string> {
  const { default: sharp } = await import('sharp')
  const data = await sharp({
    create: { width: size, height: size, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .png({ compressionLevel: 9 })
    .toBuffer()
  const name = `cost-fuzz-${Date.now().toString(36)}.png`
  const media = await payload.create({
    collection: 'media',
    data: { alt: 'A large image' } as never,
    file: { data, mimetype: 'image/png', name, size: data.length },
    overrideAccess: true,
  })
  return String((media as unknown as { filename: string }).filename)
}

// Keeps the process alive while modules load (see bench/seed.ts).
setInterval(() => undefined, 1000)
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
