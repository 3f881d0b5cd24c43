import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import type { PostStatus } from '../../src/types'

import { can, roleOf, ROLES } from '../../src/lib/roles'
import {
  decideStatus,
  defaultLinkedPostStatus,
  isPublicStatus,
  offeredStatuses,
  POST_STATUSES,
} from '../../src/lib/statuses'

/*
 * The status workflow (decisions.md §12, docs/compatibility.md "Status workflow and roles"): an
 * administrator or editor may set any status, an author may publish; a contributor's `publish`
 * or `future` becomes `pending`; `future` with a date that has come is `publish`, `publish` with a
 * date to come is `future`; publishing without a date stamps it.
 */

const NOW = new Date('2026-11-21T12:00:00Z')
const PAST = '2026-11-20T12:00:00.000Z'
const LATER = '2026-12-01T12:00:00.000Z'
const user = (role: null | string) => ({ id: 1, role })
const PUBLISHERS = ['administrator', 'editor', 'author'].map(user)
const OTHERS = [user('contributor'), user('subscriber'), user(null), user('root'), null]

describe('decideStatus', () => {
  it('lets those who may publish set any status, dated as asked', () => {
    for (const publisher of PUBLISHERS) {
      expect(
        decideStatus({ now: NOW, publishedAt: LATER, requested: 'future', user: publisher }),
      ).toEqual({ status: 'future' })
      expect(
        decideStatus({ now: NOW, publishedAt: PAST, requested: 'publish', user: publisher }),
      ).toEqual({ status: 'publish' })
      expect(
        decideStatus({ now: NOW, publishedAt: PAST, requested: 'private', user: publisher }),
      ).toEqual({ status: 'private' })
    }
  })

  it("scales a contributor's publish, future or private back to pending", () => {
    for (const other of OTHERS) {
      for (const requested of ['publish', 'future', 'private'] as const) {
        expect(decideStatus({ now: NOW, publishedAt: LATER, requested, user: other })).toEqual({
          status: 'pending',
        })
      }
    }
  })

  it('leaves draft, pending and trash as asked, for anyone, without a date', () => {
    for (const who of [...PUBLISHERS, ...OTHERS]) {
      for (const requested of ['draft', 'pending', 'trash'] as const) {
        expect(decideStatus({ now: NOW, requested, user: who })).toEqual({ status: requested })
      }
    }
  })

  it('publishes a future item whose date has come (or that has none), and schedules a publish dated later', () => {
    const editor = user('editor')
    expect(
      decideStatus({ now: NOW, publishedAt: PAST, requested: 'future', user: editor }),
    ).toEqual({ status: 'publish' })
    expect(
      decideStatus({ now: NOW, publishedAt: NOW.toISOString(), requested: 'future', user: editor }),
    ).toEqual({ status: 'publish' })
    expect(decideStatus({ now: NOW, requested: 'future', user: editor })).toEqual({
      publishedAt: NOW.toISOString(),
      status: 'publish',
    })
    expect(
      decideStatus({ now: NOW, publishedAt: LATER, requested: 'publish', user: editor }),
    ).toEqual({ status: 'future' })
  })

  it('stamps the date when publishing, or making private, without one', () => {
    expect(
      decideStatus({ now: NOW, publishedAt: null, requested: 'publish', user: user('author') }),
    ).toEqual({ publishedAt: NOW.toISOString(), status: 'publish' })
    expect(decideStatus({ now: NOW, requested: 'private', user: user('administrator') })).toEqual({
      publishedAt: NOW.toISOString(),
      status: 'private',
    })
  })

  const who = fc.constantFrom(...PUBLISHERS, ...OTHERS)
  const requested = fc.constantFrom(...POST_STATUSES)
  const publishedAt = fc.option(
    fc
      .integer({ max: 400, min: -400 })
      .map((days) => new Date(NOW.getTime() + days * 43_200_000).toISOString()),
    { nil: undefined },
  )

  it('never lets one who may not publish end up published, scheduled or private', () => {
    fc.assert(
      fc.property(fc.constantFrom(...OTHERS), requested, publishedAt, (other, status, date) => {
        expect(['draft', 'pending', 'trash']).toContain(
          decideStatus({ now: NOW, publishedAt: date, requested: status, user: other }).status,
        )
      }),
    )
  })

  it('schedules exactly what is asked to be public at a date still to come', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PUBLISHERS),
        fc.constantFrom<PostStatus>('publish', 'future'),
        publishedAt,
        (publisher, status, date) => {
          const decided = decideStatus({
            now: NOW,
            publishedAt: date,
            requested: status,
            user: publisher,
          }).status
          expect(decided).toBe(date !== undefined && new Date(date) > NOW ? 'future' : 'publish')
        },
      ),
    )
  })

  it('is settled: deciding again on what it decided changes nothing', () => {
    fc.assert(
      fc.property(who, requested, publishedAt, (someone, status, date) => {
        const first = decideStatus({
          now: NOW,
          publishedAt: date,
          requested: status,
          user: someone,
        })
        const again = decideStatus({
          now: NOW,
          publishedAt: first.publishedAt ?? date,
          requested: first.status,
          user: someone,
        })
        expect(again.status).toBe(first.status)
        expect(again.publishedAt).toBeUndefined()
      }),
    )
  })
})

describe('offeredStatuses', () => {
  it('offers every status but trash to those who may publish, draft and pending to others', () => {
    expect(offeredStatuses(user('editor'))).toEqual([
      'draft',
      'pending',
      'future',
      'publish',
      'private',
    ])
    expect(offeredStatuses(user('contributor'))).toEqual(['draft', 'pending'])
  })

  it('keeps the current status listed, if it is one', () => {
    expect(offeredStatuses(user('contributor'), 'publish')).toEqual(['draft', 'pending', 'publish'])
    expect(offeredStatuses(user('editor'), 'trash')).toEqual([
      'draft',
      'pending',
      'future',
      'publish',
      'private',
      'trash',
    ])
    expect(offeredStatuses(user('contributor'), 'deleted')).toEqual(['draft', 'pending'])
  })
})

describe('defaultLinkedPostStatus and isPublicStatus', () => {
  it('publishes a new venue or organizer made by one who may publish, and drafts the others', () => {
    expect(PUBLISHERS.map(defaultLinkedPostStatus)).toEqual(['publish', 'publish', 'publish'])
    expect(OTHERS.map(defaultLinkedPostStatus)).toEqual([
      'draft',
      'draft',
      'draft',
      'draft',
      'draft',
    ])
  })

  it('calls only publish public', () => {
    expect(POST_STATUSES.filter(isPublicStatus)).toEqual(['publish'])
  })
})

describe('roles', () => {
  it('knows only the five WordPress roles', () => {
    expect(ROLES.map((role) => roleOf(user(role)))).toEqual([...ROLES])
    expect([
      roleOf(user('Administrator')),
      roleOf(user('')),
      roleOf(null),
      roleOf(undefined),
    ]).toEqual([null, null, null, null])
  })

  it("maps The Events Calendar's capabilities onto them", () => {
    const holders = (capability: Parameters<typeof can>[1]) =>
      ROLES.filter((role) => can(user(role), capability))
    expect(holders('publish_posts')).toEqual(['administrator', 'editor', 'author'])
    expect(holders('edit_others_posts')).toEqual(['administrator', 'editor'])
    expect(holders('manage_event_categories')).toEqual(['administrator', 'editor', 'author'])
    expect(holders('manage_users')).toEqual(['administrator'])
    expect(holders('edit_posts')).toEqual(['administrator', 'editor', 'author', 'contributor'])
    expect(holders('unfiltered_html')).toEqual(['administrator', 'editor'])
  })
})
