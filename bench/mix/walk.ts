/**
 * The distinct URLs the mix's readers walk, built from what the target answers visitors so that
 * both systems get the same walk in the same order although their ids differ: every event by id,
 * 150 by slug, 24 list pages, the 12 months of 2027, a filter by each category, tag, venue and
 * organizer, 8 searches and the linked lists, shuffled by a fixed seed.
 */
import { generator } from '../seed'
import { type Target, readAll, totalOf } from './target'

type Listed = { id: number; slug: string }
type ListedEvent = Listed & { start_date: string }

const SEARCHES = ['jazz', 'concert', 'workshop', 'yoga', 'market', 'quiz', 'film', 'night']
const BY_SLUG = 150
const PAGES = { default: 17, fifty: 7 }

function shuffle<T>(items: T[], seed: number): T[] {
  const rng = generator(seed)
  const out = [...items]
  for (let index = out.length - 1; index > 0; index--) {
    const other = rng.int(0, index)
    ;[out[index], out[other]] = [out[other]!, out[index]!]
  }
  return out
}

const bySlug = (a: Listed, b: Listed) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0)

/** The walk's paths (under the namespace), and the ids of the mix's events the editor updates. */
export async function buildWalk(
  target: Target,
): Promise<{ events: ListedEvent[]; paths: string[] }> {
  const events = (
    await readAll<ListedEvent>(
      target,
      '/events?start_date=2000-01-01&end_date=2030-12-31%2023:59:59',
      'events',
    )
  ).sort((a, b) =>
    a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : bySlug(a, b),
  )
  const venues = (await readAll<Listed>(target, '/venues', 'venues')).sort(bySlug)
  const organizers = (await readAll<Listed>(target, '/organizers', 'organizers')).sort(bySlug)
  const categories = (await readAll<Listed>(target, '/categories', 'categories')).sort(bySlug)
  const tags = (await readAll<Listed>(target, '/tags', 'tags')).sort(bySlug)
  const pagesOf = async (perPage: number, most: number) =>
    Math.min(most, Math.ceil((await totalOf(target, `/events?per_page=${perPage}`)) / perPage))
  const paths = [
    ...events.map((event) => `/events/${event.id}`),
    ...shuffle(events, 150)
      .slice(0, BY_SLUG)
      .map((event) => `/events/by-slug/${event.slug}`),
    ...Array.from(
      { length: await pagesOf(10, PAGES.default) },
      (_, index) => `/events?page=${index + 1}`,
    ),
    ...Array.from(
      { length: await pagesOf(50, PAGES.fifty) },
      (_, index) => `/events?per_page=50&page=${index + 1}`,
    ),
    ...Array.from({ length: 12 }, (_, month) => {
      const last = new Date(Date.UTC(2027, month + 1, 0)).getUTCDate()
      const mm = String(month + 1).padStart(2, '0')
      return `/events?start_date=2027-${mm}-01&end_date=2027-${mm}-${last}%2023:59:59`
    }),
    ...categories.map((term) => `/events?categories=${term.id}`),
    ...tags.map((term) => `/events?tags=${term.id}`),
    ...venues.map((venue) => `/events?venue=${venue.id}`),
    ...organizers.map((organizer) => `/events?organizer=${organizer.id}`),
    ...SEARCHES.map((word) => `/events?search=${word}`),
    '/venues',
    '/organizers',
    '/categories',
    '/tags',
  ]
  return { events, paths: shuffle(paths, 561) }
}
