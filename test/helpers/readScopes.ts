import type { Payload } from 'payload'

import { createLocalReq } from 'payload'

import type { CalendarContext } from '../../src/calendar/context'

import { TRUSTED_READ } from '../../src/hooks/context'
import { pluginOptionsOf } from '../../src/pluginOptions'
import { createUser, type TestUser } from './payload'

/** One caller of each read scope (`readScope`, src/access/posts.ts) and unlocking rule. */
export const READ_SCOPES = ['visitor', 'contributor', 'author', 'editor'] as const
export type ReadScopeName = (typeof READ_SCOPES)[number]

/** "a visitor", "a contributor", "an author", "an editor". */
export const readerName = (scope: ReadScopeName) =>
  `${scope === 'author' || scope === 'editor' ? 'an' : 'a'} ${scope}`

/**
 * Users of each scope (created here, after `admin`, who must be the database's first), and for
 * each a read context in a language, trusted as the compatibility API's reads are, for the
 * differential tests of the query models.
 */
export async function readScopeContexts(payload: Payload): Promise<{
  contexts: Record<ReadScopeName, (locale: string) => Promise<CalendarContext>>
  users: Record<Exclude<ReadScopeName, 'visitor'>, TestUser>
}> {
  const users = {
    author: await createUser(payload, 'author'),
    contributor: await createUser(payload, 'contributor'),
    editor: await createUser(payload, 'editor'),
  }
  const contexts = {} as Record<ReadScopeName, (locale: string) => Promise<CalendarContext>>
  for (const scope of READ_SCOPES) {
    const user =
      scope === 'visitor'
        ? undefined
        : {
            ...(await payload.findByID({
              collection: 'users',
              id: users[scope].id,
              overrideAccess: true,
            })),
            collection: 'users',
          }
    contexts[scope] = async (locale) => {
      const req = await createLocalReq(
        {
          context: { [TRUSTED_READ]: true },
          fallbackLocale: 'en' as never,
          locale,
          user: user as never,
        },
        payload,
      )
      return { now: new Date(), options: pluginOptionsOf(payload), payload, req, user: req.user }
    }
  }
  return { contexts, users }
}
