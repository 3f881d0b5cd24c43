import type { Payload } from 'payload'

import { bootPayload } from '../../src/server/db/boot'
import { quietPoolErrors } from '../../src/db/pool'
import type { Role } from '../../src/types'

let booted: { database: string | undefined; payload: Promise<Payload> } | undefined

/**
 * The Payload of this test file, on the test database with every migration applied. An api
 * worker runs its files in one process (vitest.config.ts): the first file's Payload is the next
 * files' too, on the database it was started on.
 */
export function getTestPayload(): Promise<Payload> {
  if (booted && booted.database !== process.env.DATABASE_URL)
    throw new Error(
      'This Payload was started on another database: a file that chooses its own needs a process of its own (OWN_PAYLOAD in vitest.config.ts)',
    )
  // As `npm start` does (src/server/start.ts): the test Postgres stopping at the end of the run ends
  // the pool's idle connections of a worker still alive, which must not become an uncaught error.
  booted ??= {
    database: process.env.DATABASE_URL,
    payload: bootPayload().then((payload) => {
      quietPoolErrors(payload)
      return payload
    }),
  }
  return booted.payload
}

let counter = 0
/** A unique suffix, so that tests sharing one database never collide on names or slugs. */
export const unique = (prefix: string) =>
  `${prefix}-${process.pid}-${Date.now().toString(36)}-${++counter}`

export type TestUser = { email: string; id: number; password: string; role: Role; username: string }

export async function createUser(payload: Payload, role: Role): Promise<TestUser> {
  const username = unique(role)
  const password = `pw-${username}`
  const email = `${username}@example.test`
  const user = await payload.create({
    collection: 'users',
    data: { email, password, role, username } as never,
    overrideAccess: true,
  })
  return { email, id: user.id as number, password, role, username }
}

/** Arguments that make a Local API call act as `user` under the collections' access rules. */
export const as = (user: TestUser | null) => ({
  overrideAccess: false as const,
  user: user ? ({ ...user, collection: 'users' } as never) : undefined,
})

/** Runs `action` and returns the error it throws (failing if it does not throw). */
export async function failureOf(
  action: () => Promise<unknown>,
): Promise<Error & { status?: number; data?: unknown }> {
  try {
    await action()
  } catch (error) {
    return error as Error & { status?: number }
  }
  throw new Error('expected the call to fail, and it succeeded')
}
