import type { Payload } from 'payload'

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { SanitizedPluginConfig } from '../../src/types'

import { placingSettled } from '../../src/geocoding/afterSave'
import { pluginOptionsOf } from '../../src/pluginOptions'
import { requestAs, serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

type Asked = { query: URLSearchParams; userAgent?: string }

/**
 * A Nominatim-compatible search endpoint on this machine: it records each request and answers
 * what `answer` says (a place, no place, an error status, or nothing until the caller gives up).
 */
class FakeGeocoder {
  asked: Asked[] = []
  answer: 'error' | 'hang' | 'none' | { lat: string; lon: string } = {
    lat: '48.8566',
    lon: '2.3522',
  }
  private server?: http.Server
  url = ''

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      this.asked.push({ query: url.searchParams, userAgent: req.headers['user-agent'] })
      if (this.answer === 'hang') return
      if (this.answer === 'error') return void res.writeHead(503).end('overloaded')
      const places = this.answer === 'none' ? [] : [{ ...this.answer, display_name: 'Paris' }]
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(places))
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/search`
  }

  async stop(): Promise<void> {
    const server = this.server
    if (!server) return
    const closed = new Promise((resolve) => server.close(resolve))
    server.closeAllConnections()
    await closed
  }
}

/**
 * Venues' coordinates from their address (issue 28, item 7): asked of the site's geocoder over
 * real HTTP on a save without coordinates and by "Find on map"; a provider that fails never fails
 * the save; without a geocoder configured nothing is sent anywhere.
 */
describe('venue geocoding', () => {
  let payload: Payload
  let api: TestServer
  let options: SanitizedPluginConfig
  let editor: TestUser
  const geocoder = new FakeGeocoder()

  const rest = (method: string, path: string, body?: unknown, user: TestUser | null = editor) =>
    requestAs(api, user, method, `/api${path}`, body)
  const address = {
    address: '5 Avenue Anatole France',
    city: 'Paris',
    country: 'France',
    zip: '75007',
  }
  const configure = (timeoutMs = 2000) => {
    options.geocoding = {
      minIntervalMs: 0,
      timeoutMs,
      url: geocoder.url,
      userAgent: 'venue-geocoding-test (+http://127.0.0.1)',
    }
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    options = pluginOptionsOf(payload)
    editor = await createUser(payload, 'editor')
    await geocoder.start()
  })

  afterAll(async () => {
    options.geocoding = null
    await geocoder.stop()
    await api?.close()
  })

  beforeEach(() => {
    options.geocoding = null
    geocoder.asked = []
    geocoder.answer = { lat: '48.8566', lon: '2.3522' }
  })

  it('sends nothing anywhere when no geocoder is configured', async () => {
    const saved = await rest('POST', '/venues', { name: unique('Unplaced'), ...address })
    expect(saved.status, saved.text).toBe(201)
    expect(saved.body.doc.latitude ?? null).toBeNull()
    expect(saved.body.doc.geocodingNotice ?? null).toBeNull()
    const found = await rest('POST', '/venues/geocode', address)
    expect(found.status, found.text).toBe(404)
    expect(found.body.errors[0].message).toBe('Geocoding is not configured on this site.')
    expect(geocoder.asked).toEqual([])
  })

  it('stores the coordinates found for the address of a venue saved without them', async () => {
    configure()
    const saved = await rest('POST', '/venues', { name: unique('Placed'), ...address })
    expect(saved.status, saved.text).toBe(201)
    // Looked up after the save, which does not wait for the provider.
    expect(saved.body.doc.latitude ?? null).toBeNull()
    expect(saved.body.doc.geocodingNotice).toContain('being looked up')
    await placingSettled()
    expect(geocoder.asked).toHaveLength(1)
    expect(geocoder.asked[0]!.query.get('q')).toBe('5 Avenue Anatole France, Paris, 75007, France')
    expect(geocoder.asked[0]!.query.get('limit')).toBe('1')
    expect(geocoder.asked[0]!.userAgent).toBe('venue-geocoding-test (+http://127.0.0.1)')
    const stored = await payload.findByID({ collection: 'venues', id: saved.body.doc.id, depth: 0 })
    expect(stored).toMatchObject({ latitude: 48.8566, longitude: 2.3522 })

    // The compatibility API serves them as the original does with coordinates.
    const venue = await fetch(`${api.url}/wp-json/vendor/events/v1/venues/${saved.body.doc.id}`)
    expect(await venue.json()).toMatchObject({ geo_lat: 48.8566, geo_lng: 2.3522 })

    // The place is remembered: the next venue at that address has it in its save's answer.
    const again = await rest('POST', '/venues', { name: unique('Placed again'), ...address })
    expect(again.body.doc).toMatchObject({ latitude: 48.8566, longitude: 2.3522 })
    expect(again.body.doc.geocodingNotice ?? null).toBeNull()
    expect(geocoder.asked).toHaveLength(1)
  })

  it("places a venue the compatibility API saves, and one an event's write creates", async () => {
    configure()
    geocoder.answer = { lat: '45.764', lon: '4.8357' }
    const compat = (path: string, body: unknown) =>
      requestAs(api, editor, 'POST', `/wp-json/vendor/events/v1${path}`, body)
    const place = { address: '1 Place Bellecour', city: 'Lyon', country: 'France', zip: '69002' }

    const venue = await compat('/venues', { venue: unique('Compat Placed'), ...place })
    expect(venue.status, venue.text).toBe(201)
    await placingSettled()
    expect(geocoder.asked.map((asked) => asked.query.get('q'))).toEqual([
      '1 Place Bellecour, Lyon, 69002, France',
    ])
    const read = await fetch(`${api.url}/wp-json/vendor/events/v1/venues/${venue.body.id}`)
    expect(await read.json()).toMatchObject({ geo_lat: 45.764, geo_lng: 4.8357 })

    const other = { ...place, address: '2 Place Bellecour' }
    const event = await compat('/events', {
      end_date: '2027-05-01 12:00:00',
      start_date: '2027-05-01 10:00:00',
      status: 'publish',
      title: unique('Compat Placed Event'),
      venue: { venue: unique('Compat Event Hall'), ...other },
    })
    expect(event.status, event.text).toBe(201)
    await placingSettled()
    expect(geocoder.asked).toHaveLength(2)
    const created = await payload.findByID({
      collection: 'venues',
      depth: 0,
      id: event.body.venue.id,
    })
    expect(created).toMatchObject({ latitude: 45.764, longitude: 4.8357 })
  })

  it('holds no lock, transaction or connection of the save while the provider is slow', async () => {
    configure(3000)
    geocoder.answer = 'hang'
    const started = Date.now()
    const saved = await rest('POST', '/venues', { name: unique('Slow'), city: unique('Lent') })
    expect(saved.status, saved.text).toBe(201)
    expect(saved.body.doc.geocodingNotice).toContain('being looked up')
    // A second save of the same venue goes through while the provider still has not answered.
    const edited = await rest('PATCH', `/venues/${saved.body.doc.id}`, { phone: '01 02' })
    expect(edited.status, edited.text).toBe(200)
    expect(Date.now() - started).toBeLessThan(2000)
    const { pool } = payload.db as unknown as {
      pool: { query: (text: string) => Promise<{ rows: Array<{ open: number }> }> }
    }
    const { rows } = await pool.query(
      `SELECT count(*)::int AS open FROM pg_stat_activity
        WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    )
    expect(rows[0].open).toBe(0)
    expect(geocoder.asked.length).toBeGreaterThanOrEqual(1)
    await placingSettled()
  })

  it('leaves a venue placed or moved while its address was looked up as it is', async () => {
    configure()
    const city = unique('Bordeaux')
    const saved = await rest('POST', '/venues', { name: unique('Moved'), city })
    expect(saved.body.doc.geocodingNotice).toContain('being looked up')
    // Typed before the follow-up could write: the editor's coordinates stay.
    await payload.update({
      collection: 'venues',
      id: saved.body.doc.id,
      data: { latitude: 1, longitude: 2 },
    })
    await placingSettled()
    const stored = await payload.findByID({ collection: 'venues', id: saved.body.doc.id, depth: 0 })
    expect(stored).toMatchObject({ latitude: 1, longitude: 2 })
  })

  it('leaves coordinates an editor gave, and venues without an address, alone', async () => {
    configure()
    const given = await rest('POST', '/venues', {
      name: unique('Typed'),
      ...address,
      latitude: 10,
      longitude: 20,
    })
    expect(given.body.doc).toMatchObject({ latitude: 10, longitude: 20 })
    const bare = await rest('POST', '/venues', { name: unique('Nowhere') })
    expect(bare.status, bare.text).toBe(201)
    expect(geocoder.asked).toEqual([])
  })

  it('saves the venue with a notice when the provider fails, is slow or finds nothing', async () => {
    configure(500)
    // An address of its own: what the provider said of `address` is remembered.
    const address = { city: unique('Nulle part'), country: 'France' }
    for (const answer of ['error', 'hang', 'none'] as const) {
      geocoder.answer = answer
      const saved = await rest('POST', '/venues', { name: unique('Unlucky'), ...address })
      expect(saved.status, saved.text).toBe(201)
      expect(saved.body.doc.latitude ?? null).toBeNull()
      expect(saved.body.doc.geocodingNotice).toContain('being looked up')
      await placingSettled()
      const stored = await payload.findByID({
        collection: 'venues',
        id: saved.body.doc.id,
        depth: 0,
      })
      expect(stored.name).toBe(saved.body.doc.name)
      expect((stored as { geocodingNotice?: unknown }).geocodingNotice ?? null).toBeNull()

      // An update that still has no coordinates asks once more, and once only.
      const before = geocoder.asked.length
      const updated = await rest('PATCH', `/venues/${saved.body.doc.id}`, { city: 'Paris 7e' })
      expect(updated.status, updated.text).toBe(200)
      await placingSettled()
      expect(geocoder.asked.length - before).toBe(1)
    }
  })

  it('"Find on map" answers the coordinates, or why not, to those who may edit venues', async () => {
    configure(500)
    const found = await rest('POST', '/venues/geocode', { ...address, city: unique('Paris') })
    expect(found.status, found.text).toBe(200)
    expect(found.body).toEqual({ latitude: 48.8566, longitude: 2.3522 })

    geocoder.answer = 'error'
    const down = await rest('POST', '/venues/geocode', { city: unique('Ailleurs') })
    expect(down.status).toBe(503)
    expect(down.body.errors[0].message).toContain('did not answer')

    expect((await rest('POST', '/venues/geocode', address, null)).status).toBe(403)
    expect((await rest('POST', '/venues/geocode', {})).status).toBe(400)
    expect((await rest('POST', '/venues/geocode', { city: 12 })).status).toBe(400)
    expect((await rest('POST', '/venues/geocode', { city: 'x'.repeat(1001) })).status).toBe(400)
    expect(geocoder.asked).toHaveLength(2)
  })

  it('remembers a place found or not found, and asks again after a failure', async () => {
    configure(500)
    const placed = { city: unique('Lyon'), country: 'France' }
    for (let i = 0; i < 2; i++) {
      const saved = await rest('POST', '/venues', { name: unique('Again'), ...placed })
      await placingSettled()
      const stored = await payload.findByID({ collection: 'venues', id: saved.body.doc.id })
      expect(stored).toMatchObject({ latitude: 48.8566, longitude: 2.3522 })
    }
    expect((await rest('POST', '/venues/geocode', placed)).body).toEqual({
      latitude: 48.8566,
      longitude: 2.3522,
    })
    expect(geocoder.asked).toHaveLength(1)

    geocoder.answer = 'none'
    const unplaced = { city: unique('Atlantide'), country: 'France' }
    for (let i = 0; i < 2; i++) {
      const saved = await rest('POST', '/venues', { name: unique('Lost'), ...unplaced })
      await placingSettled()
      expect(saved.body.doc.geocodingNotice).toContain(i ? 'found no place' : 'being looked up')
    }
    expect(geocoder.asked).toHaveLength(2)

    geocoder.answer = 'error'
    const failing = { city: unique('Ys'), country: 'France' }
    for (let i = 0; i < 2; i++) await rest('POST', '/venues/geocode', failing)
    expect(geocoder.asked).toHaveLength(4)
  })
})
