import type { CollectionSlug, Payload } from 'payload'

export type LocalUser = { email?: null | string; id: number; username?: null | string }

export async function localUsers(payload: Payload, usersSlug: string): Promise<LocalUser[]> {
  const { docs } = await payload.find({ collection: usersSlug as CollectionSlug, depth: 0, limit: 0, overrideAccess: true, pagination: false })
  return docs as unknown as LocalUser[]
}

/**
 * The user here who is this author: the same e-mail first, else the same username (case
 * ignored). Ids are not compared: user 1 on one site and user 1 on another are rarely the same person.
 */
export function matchUser(users: LocalUser[], author: { email?: unknown; usernames: unknown[] }): LocalUser | undefined {
  const same = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a !== '' && a.toLowerCase() === b.toLowerCase()
  return (
    users.find((user) => same(user.email, author.email)) ??
    users.find((user) => author.usernames.some((name) => same(user.username, name)))
  )
}
