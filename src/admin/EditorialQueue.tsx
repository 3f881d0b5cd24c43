import type { CollectionSlug, Payload, ServerProps, TypedUser, Where } from 'payload'

import { translatorOf } from '../i18n/index'

/** Items shown under each heading at most; the count says how many there are. */
const SHOWN = 5

type Queued = {
  author?: null | number | { displayName?: null | string; email?: string } | string
  id: number | string
  publishedAt?: null | string
  title?: null | string
  updatedAt?: string
}

/** The events list filtered on one status, over every date (the list opens on upcoming events). */
const listOf = (adminRoute: string, slug: string, status: string) =>
  `${adminRoute}/collections/${slug}?${new URLSearchParams({
    'where[or][0][and][0][status][equals]': status,
    'where[or][0][and][1][startDate][exists]': 'true',
  }).toString()}`

async function queueOf(
  payload: Payload,
  user: TypedUser,
  slug: string,
  status: string,
  sort: string,
): Promise<{ docs: Queued[]; totalDocs: number }> {
  const where: Where = { status: { equals: status } }
  const found = await payload.find({
    collection: slug as CollectionSlug,
    depth: 1,
    limit: SHOWN,
    overrideAccess: false,
    select: { author: true, publishedAt: true, title: true, updatedAt: true } as never,
    sort,
    user,
    where,
  })
  return { docs: found.docs as unknown as Queued[], totalDocs: found.totalDocs }
}

/**
 * The dashboard's editorial queue, above Payload's cards: the events awaiting review, the drafts
 * and the events scheduled to publish, each counted, its latest shown with who wrote
 * it and when, and linked to the events list filtered on that status. Read with the user's own
 * access, so a contributor sees their own items and an editor everyone's.
 */
export async function EditorialQueue({
  eventsSlug,
  i18n,
  payload,
  siteTimezone,
  user,
}: ServerProps & { eventsSlug: string; siteTimezone: string }) {
  if (!user || !payload) return null
  const t = translatorOf(i18n?.t)
  const adminRoute = payload.config.routes.admin
  const language = i18n?.language ?? 'en'
  // In the site's zone, as the events list shows its dates.
  const when = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: siteTimezone,
  })
  const [pending, drafts, scheduled] = await Promise.all([
    queueOf(payload, user as TypedUser, eventsSlug, 'pending', '-updatedAt'),
    queueOf(payload, user as TypedUser, eventsSlug, 'draft', '-updatedAt'),
    queueOf(payload, user as TypedUser, eventsSlug, 'future', 'publishedAt'),
  ])
  const authorOf = (item: Queued) =>
    item.author && typeof item.author === 'object'
      ? item.author.displayName || item.author.email || ''
      : ''
  const sections = [
    { key: 'pending', label: t('queuePending'), queue: pending, status: 'pending' },
    { key: 'draft', label: t('queueDrafts'), queue: drafts, status: 'draft' },
    { key: 'future', label: t('queueScheduled'), queue: scheduled, status: 'future' },
  ] as const

  return (
    <section
      aria-labelledby="editorial-queue-title"
      className="editorial-queue"
      style={{ marginBottom: 'calc(var(--base) * 2)' }}
    >
      <h2 id="editorial-queue-title" style={{ margin: '0 0 var(--base)' }}>
        {t('queueTitle')}
      </h2>
      <div
        style={{
          display: 'grid',
          gap: 'var(--base)',
          gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
        }}
      >
        {sections.map(({ key, label, queue, status }) => (
          <div
            className={`editorial-queue__section editorial-queue__section--${key}`}
            key={key}
            style={{
              border: '1px solid var(--theme-elevation-100)',
              borderRadius: 'var(--style-radius-m)',
              padding: 'var(--base)',
            }}
          >
            <h3 style={{ fontSize: 'inherit', margin: '0 0 calc(var(--base) / 2)' }}>
              <a href={listOf(adminRoute, eventsSlug, status)}>
                {label} <span className="editorial-queue__count">({queue.totalDocs})</span>
              </a>
            </h3>
            {queue.docs.length === 0 ? (
              <p style={{ color: 'var(--theme-elevation-500)', margin: 0 }}>{t('queueEmpty')}</p>
            ) : (
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {queue.docs.map((item) => {
                  const author = authorOf(item)
                  const date =
                    key === 'future' && item.publishedAt
                      ? t('queuePublishesOn', { date: when.format(new Date(item.publishedAt)) })
                      : item.updatedAt
                        ? when.format(new Date(item.updatedAt))
                        : ''
                  return (
                    <li key={item.id} style={{ marginBottom: 'calc(var(--base) / 2)' }}>
                      <a href={`${adminRoute}/collections/${eventsSlug}/${item.id}`}>
                        {item.title || t('untitled')}
                      </a>
                      <div style={{ color: 'var(--theme-elevation-500)', fontSize: '0.9em' }}>
                        {[author, date].filter(Boolean).join(' · ')}
                      </div>
                    </li>
                  )
                })}
              </ul>
            )}
          </div>
        ))}
      </div>
    </section>
  )
}
