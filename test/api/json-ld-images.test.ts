import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { serveCompatApi } from '../helpers/http'
import { getTestPayload, unique } from '../helpers/payload'

/*
 * The JSON-LD of a venue or organizer with a featured image names the image after its description,
 * on its own route and embedded in an event's, as an event's does. The original (WordPress 7.0.4 +
 * The Events Calendar 6.17.2) answered, for a venue and an organizer given an image:
 *   GET /venues/458      json_ld keys: @type, name, description, image, url, address, telephone, sameAs
 *   GET /organizers/459  json_ld keys: @type, name, description, image, url, telephone, email, sameAs
 *   GET /events/460      json_ld.location and json_ld.organizer: the same keys, the same image
 * with `image` the file's URL (the `url` of the item's `image`). Without an image there is no key.
 */
const PLACE = ['@type', 'name', 'description', 'image', 'url', 'address', 'telephone', 'sameAs']
const PERSON = ['@type', 'name', 'description', 'image', 'url', 'telephone', 'email', 'sameAs']

describe('JSON-LD images of venues and organizers', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveCompatApi>>
  const ids = { event: 0, organizer: 0, plainVenue: 0, venue: 0 }
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  )
  const get = async (path: string) => {
    const response = await fetch(`${api.url}/wp-json/vendor/events/v1${path}`)
    expect(response.status).toBe(200)
    return (await response.json()) as Record<string, unknown>
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    const image = await payload.create({
      collection: 'media',
      data: { alt: 'A photo' } as never,
      file: { data: png, mimetype: 'image/png', name: `${unique('photo')}.png`, size: png.length },
    })
    const create = (collection: 'organizers' | 'venues', data: Record<string, unknown>) =>
      payload.create({ collection, data: { status: 'publish', ...data } as never })
    ids.venue = Number(
      (await create('venues', { address: '1 Road', image: image.id, name: unique('Photo venue') }))
        .id,
    )
    ids.plainVenue = Number((await create('venues', { name: unique('Plain venue') })).id)
    ids.organizer = Number(
      (await create('organizers', { image: image.id, name: unique('Photo organizer') })).id,
    )
    ids.event = Number(
      (
        await payload.create({
          collection: 'events',
          data: {
            endDate: '2027-02-10T20:00:00Z',
            organizers: [ids.organizer],
            startDate: '2027-02-10T18:00:00Z',
            status: 'publish',
            title: unique('Photo event'),
            venue: ids.venue,
          } as never,
        })
      ).id,
    )
  })
  afterAll(async () => {
    await api?.close()
  })

  it('names the image after the description, on their routes and in an event', async () => {
    const venue = await get(`/venues/${ids.venue}`)
    const organizer = await get(`/organizers/${ids.organizer}`)
    const url = (venue.image as { url: string }).url
    expect(url).toMatch(/^http.*\.png$/)
    for (const [item, keys] of [
      [venue, PLACE],
      [organizer, PERSON],
    ] as const) {
      const jsonLd = item.json_ld as Record<string, unknown>
      expect(Object.keys(jsonLd)).toEqual(keys)
      expect(jsonLd.image).toBe(url)
    }
    const read = await get(`/events/${ids.event}`)
    // Embedded, the venue and the organizer show their image as on their routes.
    expect(read.venue).toMatchObject({ image: { url } })
    expect(read.organizer).toMatchObject([{ image: { url } }])
    const event = read.json_ld as Record<string, unknown>
    for (const [embedded, keys] of [
      [event.location, PLACE],
      [event.organizer, PERSON],
    ] as const) {
      expect(Object.keys(embedded as object)).toEqual(keys)
      expect((embedded as Record<string, unknown>).image).toBe(url)
    }
    const plain = (await get(`/venues/${ids.plainVenue}`)).json_ld as Record<string, unknown>
    expect(Object.keys(plain)).toEqual(PLACE.filter((key) => key !== 'image'))
  })
})
