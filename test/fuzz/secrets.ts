import type { Payload } from 'payload'

import { randomBytes } from 'node:crypto'

import type { SeededIds } from './generators'
import { lexicalParagraph } from '../helpers/lexical'

/**
 * Items no visitor or contributor may read, each with text found nowhere else (its secret): drafts,
 * pending, private and scheduled items of an administrator (secret title and content), and
 * published ones behind a password (secret content only: WordPress shows a protected title).
 * Also one public item of each kind, the accounts, and the ids requests aim at.
 */
export async function seedSecrets(payload: Payload) {
  const secrets: string[] = []
  const secret = () => {
    const marker = `SECRET${randomBytes(6).toString('hex')}`
    secrets.push(marker)
    return marker
  }
  const account = async (role: string) => {
    const username = `${role}-${randomBytes(4).toString('hex')}`
    const password = `pw-${randomBytes(8).toString('hex')}`
    const email = `${username}@example.test`
    const user = await payload.create({
      collection: 'users',
      data: { email, password, role, username } as never,
      overrideAccess: true,
    })
    return { email, id: user.id as number, password }
  }
  const admin = await account('administrator')
  const contributor = await account('contributor')
  const ids: SeededIds = {
    'event-categories': [],
    'event-tags': [],
    events: [],
    organizers: [],
    venues: [],
  }

  for (const collection of ['event-categories', 'event-tags'] as const) {
    for (const name of ['Music', '2147483648', '0x10']) {
      const term = await payload.create({
        collection,
        data: { name } as never,
        overrideAccess: true,
      })
      ids[collection].push(term.id as number)
    }
  }
  const states = [
    { status: 'publish' },
    { status: 'draft', hidden: true },
    { status: 'pending', hidden: true },
    { status: 'private', hidden: true },
    { status: 'future', hidden: true, publishedAt: '2031-01-01T00:00:00Z' },
    { status: 'publish', password: 'let me in', protectedContent: true },
  ]
  for (const state of states) {
    const title = state.hidden ? secret() : `Public ${randomBytes(3).toString('hex')}`
    const content = state.hidden || state.protectedContent ? secret() : 'public content'
    const common = {
      status: state.status,
      author: admin.id,
      ...(state.password ? { password: state.password } : {}),
      ...(state.publishedAt ? { publishedAt: state.publishedAt } : {}),
    }
    const venue = await payload.create({
      collection: 'venues',
      data: { name: title, description: lexicalParagraph(content), ...common } as never,
      overrideAccess: true,
    })
    const organizer = await payload.create({
      collection: 'organizers',
      data: { name: title, description: lexicalParagraph(content), ...common } as never,
      overrideAccess: true,
    })
    const event = await payload.create({
      collection: 'events',
      data: {
        title,
        description: lexicalParagraph(content),
        excerpt: content,
        startDate: '2027-04-01T10:00:00Z',
        endDate: '2027-04-01T12:00:00Z',
        venue: venue.id,
        organizers: [organizer.id],
        categories: ids['event-categories'],
        tags: ids['event-tags'],
        ...common,
      } as never,
      overrideAccess: true,
    })
    ids.venues.push(venue.id as number)
    ids.organizers.push(organizer.id as number)
    ids.events.push(event.id as number)
  }
  return { admin, contributor, ids, secrets }
}
