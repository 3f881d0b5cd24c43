import type { Payload } from 'payload'

import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'

import type { CalendarContext } from '../../src/calendar/context'
import type { LinkedQuery } from '../../endpoints/linkedPosts/linkedQuery'
import type { LinkedKind } from '../../endpoints/linkedPosts/params'
import type { PostStatus } from '../../src/types'

import { leanLinkedCount, leanLinkedPageIds } from '../../endpoints/linkedPosts/leanLinkedList'
import { linkedWhere } from '../../endpoints/linkedPosts/linkedWhere'
import { htmlToLexical } from '../../src/lib/richText'
import { containsPattern } from '../../src/lib/searchTerms'
import { createUser, getTestPayload, unique } from '../helpers/payload'
import {
  READ_SCOPES,
  readerName,
  type ReadScopeName,
  readScopeContexts,
} from '../helpers/readScopes'
import { templateCopy } from '../helpers/workerDatabase'

/*
 * The venues' and organizers' lists' query model (`endpoints/linkedPosts/linkedQuery.ts`) compiled
 * both ways: to Payload's `where` (`linkedWhere.ts`, read by Payload with the collection's access)
 * and to SQL of our own (`leanLinkedList.ts`, with the read scope). Over generated queries
 * (statuses, searches of one or more fragments in open and hidden fields, id filters as `event`,
 * `has_events` and `only_with_upcoming` make them, included and excluded, the unlocking rule, two
 * languages, pages and both orders of ties) on seeded venues and organizers in every status,
 * protected and translated or not, for a visitor, a contributor, an author and an editor, both give
 * the same ids in the same order and the same total, or the SQL declines.
 */

const STATUSES: PostStatus[] = ['publish', 'draft', 'pending', 'future', 'private', 'trash']
const PASSWORD = 'open sesame'
const RUNS = Number(process.env.QUERY_MODEL_RUNS) || 40
const KINDS: LinkedKind[] = ['venues', 'organizers']
const FIELDS: Record<LinkedKind, string[]> = {
  organizers: ['name', 'descriptionText', 'excerpt', 'phone', 'email', 'website'],
  venues: ['name', 'descriptionText', 'excerpt', 'address', 'city', 'zip', 'phone'],
}

describe('linked lists query model: the Payload `where` and the SQL give the same list', () => {
  let payload: Payload
  const tag = unique('lq').replace(/[^a-z0-9]/gi, '')
  let contexts: Record<ReadScopeName, (locale: string) => Promise<CalendarContext>>
  const seeded: Record<LinkedKind, number[]> = { organizers: [], venues: [] }

  beforeAll(async () => {
    // A database of its own: the generated queries are judged on the items this file seeds.
    process.env.DATABASE_URL = await templateCopy('events_calendar_test_linked_query_model', {
      fresh: true,
    })
    payload = await getTestPayload()
    const admin = await createUser(payload, 'administrator')
    const read = await readScopeContexts(payload)
    const users = read.users
    contexts = read.contexts
    const authors = [admin.id, users.author.id, users.contributor.id]
    const words = ['jazz club', 'théâtre antique', 'cinéma muet', 'open air', 'jazz café']
    for (const kind of KINDS) {
      for (let index = 0; index < 18; index++) {
        const status = STATUSES[index % STATUSES.length]!
        const item = await payload.create({
          collection: kind,
          data: {
            name: `${tag} ${words[index % words.length]} ${index}`,
            excerpt: index % 3 === 0 ? `${words[(index + 2) % words.length]} excerpt` : '',
            description: await htmlToLexical(
              `<p>${words[(index + 1) % words.length]} described</p>`,
              payload.config,
            ),
            phone: `555-01${String(index).padStart(2, '0')}`,
            ...(kind === 'venues'
              ? { address: `${index} rue du Jazz`, city: index % 2 ? 'Paris' : 'Lyon', zip: '750' }
              : { email: `${tag}${index}@example.test`, website: 'https://jazz.example/' }),
            status: status === 'trash' ? 'publish' : status,
            ...(status === 'future' ? { publishedAt: '2030-01-01T00:00:00.000Z' } : {}),
            // Some in the same second, so that the order of ties counts.
            postDate: `2027-01-0${1 + (index % 4)}T10:00:00.000Z`,
            author: authors[index % authors.length],
            ...(index % 4 === 1 ? { password: PASSWORD } : {}),
          } as never,
          overrideAccess: true,
        })
        if (status === 'trash')
          await payload.update({
            collection: kind,
            id: item.id,
            data: { status: 'trash' } as never,
            overrideAccess: true,
          })
        if (index % 2 === 0)
          await payload.update({
            collection: kind,
            id: item.id,
            locale: 'fr',
            data: { name: `${tag} ${words[(index + 3) % words.length]} fr ${index}` } as never,
            overrideAccess: true,
          })
        seeded[kind].push(item.id as number)
      }
    }
  })

  const fragment = fc.constantFrom(
    'jazz',
    'THEATRE',
    'cinéma',
    'air',
    'excerpt',
    'described',
    'fr',
    'paris',
    '555',
    tag,
    'nowhere',
  )
  const queries = (kind: LinkedKind) =>
    fc.record({
      statuses: fc.option(fc.subarray(STATUSES, { minLength: 1 }), { nil: null }),
      search: fc.option(
        fc.record({
          fields: fc.subarray(FIELDS[kind], { minLength: 1 }),
          hidden: fc.subarray(FIELDS[kind]),
          patterns: fc.array(fragment.map(containsPattern), { minLength: 1, maxLength: 2 }),
        }),
        { nil: undefined },
      ),
      idFilters: fc.array(
        fc.record({
          // As the filters make them: 0 names nothing, so that no list is empty.
          ids: fc.subarray(seeded[kind]).map((ids) => [0, ...ids]),
          not: fc.boolean(),
        }),
        { maxLength: 2 },
      ),
      unlock: fc.constantFrom<LinkedQuery['unlock']>(
        true,
        { password: null },
        { password: PASSWORD },
        { password: 'wrong' },
      ),
      locale: fc.constantFrom('en', 'fr'),
      page: fc.integer({ min: 1, max: 3 }),
      ties: fc.constantFrom('id' as const, '-id' as const),
    })

  for (const kind of KINDS) {
    for (const scope of READ_SCOPES) {
      it(`gives the same ${kind} in the same order and the same total for ${readerName(scope)}`, async () => {
        let matched = 0
        await fc.assert(
          fc.asyncProperty(queries(kind), async ({ page, ties, ...generated }) => {
            const query: LinkedQuery = { ...generated, kind }
            const ctx = await contexts[scope](query.locale)
            const limit = 5
            const where = { and: linkedWhere(query) }
            const asked = { collection: kind, overrideAccess: false, req: ctx.req, where } as const
            const [found, counted] = await Promise.all([
              payload.find({
                ...asked,
                depth: 0,
                limit,
                page,
                pagination: false,
                select: { id: true } as never,
                sort: ['-postDate', ties],
              }),
              payload.count(asked),
            ])
            const sqlIds = await leanLinkedPageIds(ctx, query, { limit, page, ties })
            const sqlTotal = await leanLinkedCount(ctx, query)
            expect(sqlIds, 'the SQL reads every query the list makes').toBeDefined()
            if (counted.totalDocs) matched++
            expect({ ids: sqlIds, total: sqlTotal }).toEqual({
              ids: (found.docs as unknown as { id: number }[]).map((doc) => doc.id),
              total: counted.totalDocs,
            })
          }),
          { numRuns: RUNS },
        )
        // The generated queries find items, not only empty lists.
        expect(matched).toBeGreaterThan(0)
      })
    }
  }
})
