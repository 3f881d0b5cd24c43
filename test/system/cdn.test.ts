import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { migratedDatabase } from '../helpers/workerDatabase'
import { nodeArgs } from '../helpers/processBundles'
import { basic } from '../helpers/http'
import { freePort, startVarnish, type Varnish, varnishInstalled } from '../helpers/varnish'

const ROOT = path.resolve(import.meta.dirname, '../..')
const DATABASE = 'cdn'
const ADMIN = { email: 'cdn-admin@example.test', password: 'cdn-password-1' }
const API = '/wp-json/vendor/events/v1'
/** What every event's answer is filed under for the venues and organizers it does not show. */
const HIDDEN_KEYS = ['tec-venues-hidden', 'tec-organizers-hidden']

/** The compatibility API in a process of its own (`test/helpers/webhookInstance.ts`), with these settings. */
async function startApp(databaseUrl: string, env: Record<string, string>) {
  let output = ''
  const child: ChildProcess = spawn(process.execPath, nodeArgs('test/helpers/webhookInstance.ts'), {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PAYLOAD_SECRET: 'cdn-secret', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const found = /listening (\d+)/.exec(output)
      if (found) {
        clearInterval(timer)
        resolve(Number(found[1]))
      }
    }, 200)
    child.once('exit', (code) => {
      clearInterval(timer)
      reject(new Error(`the app exited with code ${code}:\n${output}`))
    })
  })
  return {
    output: () => output,
    port,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

// Debian's varnish and varnish-modules, which `.ci/run` installs: CI never skips this file.
const runs = varnishInstalled() || Boolean(process.env.CI)

/**
 * A real caching proxy in front (Varnish with xkey, as docs/caching.md, "Behind a CDN", sets one
 * up): visitors' answers are served from it, and a change purges at once just the answers that
 * show what changed, whichever they are: the item, the lists, the items embedding it.
 */
describe.runIf(runs)('behind a CDN', () => {
  const database = migratedDatabase(DATABASE)
  let app: Awaited<ReturnType<typeof startApp>>
  let varnish: Varnish
  const direct = () => `http://127.0.0.1:${app.port}${API}`

  const write = async (method: string, path: string, body: Record<string, unknown>) => {
    const response = await fetch(`${direct()}${path}`, {
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...basic(ADMIN.email, ADMIN.password) },
      method,
    })
    expect(response.status, await response.clone().text()).toBeLessThan(300)
    return (await response.json()) as { id: number }
  }
  const viaCdn = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${varnish.base}${API}${path}`, { headers })
    const text = await response.text()
    return {
      body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {},
      cache: response.headers.get('x-cache'),
      headers: response.headers,
      status: response.status,
    }
  }
  /** Asks until `check` holds of the answer (a purge follows the commit within moments), for at most 15 s. */
  const eventually = async (
    path: string,
    check: (answer: Awaited<ReturnType<typeof viaCdn>>) => boolean,
  ) => {
    const deadline = Date.now() + 15_000
    for (;;) {
      const answer = await viaCdn(path)
      if (check(answer)) return answer
      if (Date.now() > deadline) return answer
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  /** Asked twice through the CDN: the second answer comes from its cache. */
  const cached = async (path: string) => {
    await viaCdn(path)
    const again = await viaCdn(path)
    expect(again.cache, path).toBe('HIT')
    return again
  }
  /** Runs SQL on the app's database, as a host's import or the passing of time would change it. */
  const inDatabase = async (statements: [string, unknown[]][]) => {
    const db = new pg.Client({ connectionString: database.url })
    await db.connect()
    try {
      for (const [text, values] of statements) await db.query(text, values)
    } finally {
      await db.end()
    }
  }
  const titles = (answer: { body: Record<string, unknown> }) =>
    ((answer.body.events as Array<{ title: string }> | undefined) ?? []).map((event) => event.title)

  beforeAll(async () => {
    await database.create()
    const varnishPort = await freePort()
    app = await startApp(database.url, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      CDN_MAX_AGE: '600',
      CDN_PURGE_URL: `http://127.0.0.1:${varnishPort}/`,
      CDN_STALE_WHILE_REVALIDATE: '30',
    })
    varnish = await startVarnish(varnishPort, app.port)
  }, 300_000)

  afterAll(async () => {
    await Promise.all([app?.stop(), varnish?.stop()])
    await database.drop()
  })

  it('serves visitors from the cache and purges exactly what a change altered, at once', async () => {
    const venue = await write('POST', '/venues', { status: 'publish', venue: 'Harbour Hall' })
    const event = (title: string, extra: Record<string, unknown> = {}) => ({
      end_date: '2027-10-01 11:00',
      start_date: '2027-10-01 10:00',
      status: 'publish',
      title,
      ...extra,
    })
    const a = await write('POST', '/events', event('Concert A', { venue: venue.id }))
    const b = await write('POST', '/events', event('Lecture B'))

    const first = await viaCdn(`/events/${a.id}`)
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=600, stale-while-revalidate=30',
    )
    const keys = first.headers.get('surrogate-key')!.split(' ')
    // The event and its venue, sealed (`src/cdn/surrogateKeys.ts`): no id on the wire; and the
    // keys of the venues and organizers it would link to without showing them, as every event.
    expect(keys.slice(-2)).toEqual(HIDDEN_KEYS)
    expect(keys).toHaveLength(4)
    for (const key of keys.slice(0, 2)) expect(key).toMatch(/^tec-[\w-]{22}$/)
    expect(first.headers.get('cache-tag')).toBe(keys.join(','))
    expect((await viaCdn(`/events/${a.id}`)).cache).toBe('HIT')
    await viaCdn(`/events/${b.id}`)
    expect((await viaCdn(`/events/${b.id}`)).cache).toBe('HIT')
    await viaCdn('/events?per_page=10')
    expect((await viaCdn('/events?per_page=10')).cache).toBe('HIT')

    // A's title: A and the lists show the new one at once; B's answer stays in the cache.
    await write('POST', `/events/${a.id}`, { title: 'Concert A, moved' })
    const renamed = await eventually(
      `/events/${a.id}`,
      (answer) => answer.body.title === 'Concert A, moved',
    )
    expect(renamed.body.title).toBe('Concert A, moved')
    const list = await eventually('/events?per_page=10', (answer) =>
      titles(answer).includes('Concert A, moved'),
    )
    expect(titles(list)).toEqual(['Concert A, moved', 'Lecture B'])
    expect((await viaCdn(`/events/${b.id}`)).cache).toBe('HIT')

    // The venue's name: A, which shows the venue, is purged; B, which does not, is not.
    await viaCdn(`/events/${a.id}`)
    await write('POST', `/venues/${venue.id}`, { venue: 'Harbour Hall (east)' })
    const withVenue = await eventually(
      `/events/${a.id}`,
      (answer) =>
        (answer.body.venue as { venue?: string } | undefined)?.venue === 'Harbour Hall (east)',
    )
    expect((withVenue.body.venue as { venue: string }).venue).toBe('Harbour Hall (east)')
    expect((await viaCdn(`/events/${b.id}`)).cache).toBe('HIT')

    // Unpublished: gone from the cache for visitors as soon as the change is committed.
    await write('POST', `/events/${b.id}`, { status: 'draft' })
    expect(
      (await eventually(`/events/${b.id}`, (answer) => answer.status !== 200)).status,
    ).not.toBe(200)
    expect(
      titles(await eventually('/events?per_page=10', (answer) => titles(answer).length === 1)),
    ).toEqual(['Concert A, moved'])
  })

  it("purges an event's answer when another event moves the count of a category it shows", async () => {
    const category = await write('POST', '/categories', { name: 'Shared category' })
    const event = (title: string, status: string) => ({
      categories: [category.id],
      end_date: '2027-11-01 11:00',
      start_date: '2027-11-01 10:00',
      status,
      title,
    })
    const c = await write('POST', '/events', event('Recital C', 'publish'))
    const d = await write('POST', '/events', event('Recital D', 'draft'))
    const countShown = (answer: { body: Record<string, unknown> }) =>
      (answer.body.categories as Array<{ count: number }> | undefined)?.[0]?.count
    expect(countShown(await viaCdn(`/events/${c.id}`))).toBe(1)
    expect((await viaCdn(`/events/${c.id}`)).cache).toBe('HIT')

    // D published: the category now counts two events, and C's answer says so at once.
    await write('POST', `/events/${d.id}`, { status: 'publish' })
    expect(
      countShown(await eventually(`/events/${c.id}`, (answer) => countShown(answer) === 2)),
    ).toBe(2)
    // D taken out of the category: back to one.
    await write('POST', `/events/${d.id}`, { categories: [] })
    expect(
      countShown(await eventually(`/events/${c.id}`, (answer) => countShown(answer) === 1)),
    ).toBe(1)
  })

  it('names no hidden item in its headers, not even by their number, and still purges an answer when one is published', async () => {
    const hidden = await write('POST', '/venues', { status: 'draft', venue: 'Secret Cellar' })
    const organizers = [
      await write('POST', '/organizers', { organizer: 'Quiet Agency', status: 'draft' }),
      await write('POST', '/organizers', { organizer: 'Silent Partner', status: 'draft' }),
    ]
    const event = (title: string, links: Record<string, unknown>) => ({
      end_date: '2027-11-01 11:00',
      start_date: '2027-11-01 10:00',
      status: 'publish',
      title,
      ...links,
    })
    const shown = await write(
      'POST',
      '/events',
      event('Cellar Jazz', { organizer: organizers.map(({ id }) => id), venue: hidden.id }),
    )
    const plain = await write('POST', '/events', event('Open Air', {}))
    const first = await viaCdn(`/events/${shown.id}`)
    expect(JSON.stringify(first.body)).not.toContain('Secret Cellar')
    expect(JSON.stringify(first.body)).not.toContain('Quiet Agency')
    const keys = first.headers.get('surrogate-key')!.split(' ')
    // The event, and the keys every event has for what it may link to without showing it.
    expect(keys).toHaveLength(3)
    expect(keys[0]).toMatch(/^tec-[\w-]{22}$/)
    expect(keys.slice(1)).toEqual(HIDDEN_KEYS)
    expect(first.headers.get('cache-tag')).toBe(keys.join(','))
    // An event linking to nothing hidden has the same keys but its own.
    const plainKeys = (await viaCdn(`/events/${plain.id}`)).headers.get('surrogate-key')!.split(' ')
    expect(plainKeys.slice(1)).toEqual(keys.slice(1))
    expect((await viaCdn(`/events/${shown.id}`)).cache).toBe('HIT')

    // A draft organizer published: the answer shows it at once.
    const named = (answer: { body: Record<string, unknown> }) =>
      ((answer.body.organizer as Array<{ organizer: string }> | undefined) ?? []).map(
        (organizer) => organizer.organizer,
      )
    await write('POST', `/organizers/${organizers[0]!.id}`, { status: 'publish' })
    const withOrganizer = await eventually(`/events/${shown.id}`, (answer) =>
      named(answer).includes('Quiet Agency'),
    )
    expect(named(withOrganizer)).toEqual(['Quiet Agency'])

    await write('POST', `/venues/${hidden.id}`, { status: 'publish' })
    const published = await eventually(
      `/events/${shown.id}`,
      (answer) => (answer.body.venue as { venue?: string } | undefined)?.venue === 'Secret Cellar',
    )
    expect((published.body.venue as { venue: string }).venue).toBe('Secret Cellar')
  })

  it('keeps the events lists a change cannot alter, and purges those it can: by membership, by a searched text, by an occurrence moved after its save', async () => {
    const category = await write('POST', '/categories', { name: 'Sonatas' })
    const event = (title: string, day: string, extra: Record<string, unknown> = {}) => ({
      end_date: `${day} 11:00`,
      start_date: `${day} 10:00`,
      status: 'publish',
      title,
      ...extra,
    })
    await write(
      'POST',
      '/events',
      event('Shown Sonata', '2028-03-10', { categories: [category.id] }),
    )
    const hidden = await write('POST', '/events', event('Hidden Hymn', '2028-06-10'))
    const pending = await write(
      'POST',
      '/events',
      event('Pending Prelude', '2028-03-20', { status: 'draft' }),
    )
    const quiet = await write('POST', '/events', event('Quiet Quartet', '2028-03-25'))
    const march = '/events?start_date=2028-03-01&end_date=2028-03-31&per_page=20'
    const marchSonatas = `/events?categories=${category.id}&start_date=2028-03-01&end_date=2028-03-31`
    const search = '/events?search=Nocturne&start_date=2028-01-01&end_date=2028-12-31'
    expect(titles(await cached(march))).toEqual(['Shown Sonata', 'Quiet Quartet'])
    expect(titles(await cached(marchSonatas))).toEqual(['Shown Sonata'])
    expect(titles(await cached(search))).toEqual([])
    await cached(`/events/${hidden.id}`)
    // Errors are filed as any answer (a shared cache may keep them as long): an unknown slug under
    // every event's change and a hidden event's new slug, an error of the events list under any change.
    const unknownSlug = await viaCdn('/events/by-slug/late-lullaby')
    expect(unknownSlug.status).toBe(400)
    expect(unknownSlug.headers.get('surrogate-key')).toBe('tec-events tec-events-slugs')
    const third = '/events?start_date=2028-03-01&end_date=2028-03-31&per_page=1&page=3'
    const pastTheEnd = await cached(third)
    expect(pastTheEnd.status).toBe(404)
    expect(pastTheEnd.headers.get('surrogate-key')!.split(' ')).toEqual([
      'tec-events',
      'tec-venues-any',
      'tec-organizers-any',
      'tec-event-categories-any',
      'tec-event-tags-any',
      'tec-term-counts-any',
    ])
    // Filed under what moves which events match, not under every event's change.
    const listKeys = (await viaCdn(march)).headers.get('surrogate-key')!.split(' ')
    expect(listKeys).toContain('tec-list-members')
    expect(listKeys).not.toContain('tec-events')
    expect(listKeys).not.toContain('tec-list-texts')
    expect((await viaCdn(search)).headers.get('surrogate-key')!.split(' ')).toContain(
      'tec-list-texts',
    )

    // A title of an event the lists do not show: its own answer and the searches are purged, the
    // other lists stay in the cache (the purge has been made once the event's answer is new).
    await write('POST', `/events/${hidden.id}`, { title: 'Hidden Nocturne' })
    expect(
      (
        await eventually(
          `/events/${hidden.id}`,
          (answer) => answer.body.title === 'Hidden Nocturne',
        )
      ).body.title,
    ).toBe('Hidden Nocturne')
    expect(
      titles(await eventually(search, (answer) => titles(answer).includes('Hidden Nocturne'))),
    ).toEqual(['Hidden Nocturne'])
    expect((await viaCdn(march)).cache).toBe('HIT')
    expect((await viaCdn(marchSonatas)).cache).toBe('HIT')

    // Its dates moved into March: the March list shows it.
    await write('POST', `/events/${hidden.id}`, {
      end_date: '2028-03-15 11:00',
      start_date: '2028-03-15 10:00',
    })
    expect(
      titles(await eventually(march, (answer) => titles(answer).includes('Hidden Nocturne'))),
    ).toEqual(['Shown Sonata', 'Hidden Nocturne', 'Quiet Quartet'])
    // The list's not-found past its end, purged: it now has a third page.
    expect(titles(await eventually(third, (answer) => answer.status === 200))).toEqual([
      'Quiet Quartet',
    ])
    // A draft published: the list shows it, though no answer it showed named it.
    await write('POST', `/events/${pending.id}`, { status: 'publish' })
    expect(
      titles(await eventually(march, (answer) => titles(answer).includes('Pending Prelude'))),
    ).toEqual(['Shown Sonata', 'Hidden Nocturne', 'Pending Prelude', 'Quiet Quartet'])
    // A category given: the category's list shows it.
    await write('POST', `/events/${quiet.id}`, { categories: [category.id] })
    expect(
      titles(await eventually(marchSonatas, (answer) => titles(answer).includes('Quiet Quartet'))),
    ).toEqual(['Shown Sonata', 'Quiet Quartet'])

    // One occurrence of a series moved: written after its event's (empty) save, in the same
    // transaction, so only the committed transaction tells that the lists moved. The series is
    // made as a host's import would: its rule set in the database, its dates then saved.
    const series = await write('POST', '/events', event('Evening Etude', '2028-07-03'))
    await inDatabase([
      [`UPDATE events SET recurrence_rule = 'FREQ=WEEKLY;COUNT=3' WHERE id = $1`, [series.id]],
    ])
    await write('POST', `/events/${series.id}`, {
      end_date: '2028-07-04 11:00',
      start_date: '2028-07-04 10:00',
    })
    const july = await fetch(`${direct()}/events?start_date=2028-07-01&end_date=2028-07-31`)
    const occurrences = ((await july.json()) as { events: Array<{ id: number }> }).events
    expect(occurrences).toHaveLength(3)
    const august = '/events?start_date=2028-08-01&end_date=2028-08-31'
    expect(titles(await cached(august))).toEqual([])
    await write('POST', `/events/${occurrences[1]!.id}`, {
      end_date: '2028-08-08 11:00',
      start_date: '2028-08-08 10:00',
    })
    expect(titles(await eventually(august, (answer) => titles(answer).length > 0))).toEqual([
      'Evening Etude',
    ])
  })

  it('purges nothing when an event no visitor can see is saved, and what it alters once published', async () => {
    const on = (date: string) => ({ end_date: `${date} 11:00`, start_date: `${date} 10:00` })
    const drafts = [
      await write('POST', '/events', {
        ...on('2028-09-12'),
        status: 'draft',
        title: 'Draft Dirge',
      }),
      await write('POST', '/events', { ...on('2028-09-14'), status: 'draft', title: 'Draft Duet' }),
    ]
    const venue = await write('POST', '/venues', { status: 'publish', venue: 'Signal Hall' })
    const other = await write('POST', '/events', {
      ...on('2028-10-02'),
      status: 'publish',
      title: 'October Ode',
    })
    /** A change after the draft's save, whose purge comes after the one that save would have made. */
    const purged = async (path: string, change: () => Promise<unknown>) => {
      await cached(path)
      await change()
      expect((await eventually(path, (answer) => answer.cache === 'MISS')).cache).toBe('MISS')
    }
    const september = '/events?start_date=2028-09-01&end_date=2028-09-30'
    expect(titles(await cached(september))).toEqual([])
    // A draft's new title and dates; then a published event's cost, which moves no list.
    await write('POST', `/events/${drafts[0]!.id}`, {
      ...on('2028-09-13'),
      title: 'Draft Dirge, revised',
    })
    await purged(`/events/${other.id}`, () => write('POST', `/events/${other.id}`, { cost: '12' }))
    expect((await viaCdn(september)).cache).toBe('HIT')
    // Filed under every event's change (the tags' counts; an unknown event), not a venue's.
    await cached('/tags')
    expect((await cached('/events/999999')).status).toBe(404)
    await write('POST', `/events/${drafts[1]!.id}`, { title: 'Draft Duet, revised' })
    await purged(`/venues/${venue.id}`, () =>
      write('POST', `/venues/${venue.id}`, { venue: 'Signal Hall East' }),
    )
    expect((await viaCdn('/tags')).cache).toBe('HIT')
    expect((await viaCdn('/events/999999')).cache).toBe('HIT')

    await write('POST', `/events/${drafts[0]!.id}`, { status: 'publish' })
    expect(titles(await eventually(september, (answer) => titles(answer).length > 0))).toEqual([
      'Draft Dirge, revised',
    ])
  })

  it('purges the events lists the horizon job adds occurrences to', async () => {
    const series = await write('POST', '/events', {
      end_date: '2027-01-04 11:00',
      start_date: '2027-01-04 10:00',
      status: 'publish',
      title: 'Weekly Waltz',
    })
    await inDatabase([
      [`UPDATE events SET recurrence_rule = 'FREQ=WEEKLY' WHERE id = $1`, [series.id]],
    ])
    await write('POST', `/events/${series.id}`, {
      end_date: '2027-01-05 11:00',
      start_date: '2027-01-05 10:00',
    })
    // As if its occurrences had been stored a while ago, to 1 February only.
    await inDatabase([
      [
        `DELETE FROM calendar_occurrences WHERE event_id = $1 AND start_utc > '2027-02-01T00:00:00Z'`,
        [series.id],
      ],
      [`UPDATE events SET materialized_until = '2027-02-01T00:00:00Z' WHERE id = $1`, [series.id]],
    ])
    const february = '/events?start_date=2027-02-10&end_date=2027-02-28'
    expect(titles(await cached(february))).toEqual([])
    // The job, as the queue runs it each day (here each second: test/helpers/webhookInstance.ts).
    await inDatabase([
      [
        `INSERT INTO payload_jobs (input, task_slug, queue) VALUES ('{}', 'extendRecurrences', 'events-calendar')`,
        [],
      ],
    ])
    expect(titles(await eventually(february, (answer) => titles(answer).length > 0))).toEqual([
      'Weekly Waltz',
      'Weekly Waltz',
    ])
  })

  it('never keeps what a signed-in caller reads', async () => {
    const signedIn = basic(ADMIN.email, ADMIN.password)
    await viaCdn('/events?status=draft', signedIn)
    const again = await viaCdn('/events?status=draft', signedIn)
    expect(again.cache).toBe('MISS')
    expect(again.headers.get('cache-control')).toContain('private')
    expect(again.headers.get('surrogate-key')).toBeNull()
  })
})
