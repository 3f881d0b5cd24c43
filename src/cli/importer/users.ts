import type { CollectionSlug, Payload } from 'payload'

import { randomBytes } from 'node:crypto'

import type { Role } from '../../types'

import { ROLES } from '../../lib/roles'

export type LocalUser = { email?: null | string; id: number; username?: null | string }

/** A user of the source as WordPress's `wp/v2/users/{id}` shows it (e-mail, username and roles only with `context=edit`). */
export type SourceUser = { email?: string; name?: string; roles?: unknown; slug?: string; username?: string }

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

/** The author's role here: their WordPress role where it is one of ours, else contributor, who may publish nothing. */
export function roleOf(author: SourceUser): Role {
  const roles = Array.isArray(author.roles) ? author.roles : []
  return (roles.find((role) => (ROLES as readonly unknown[]).includes(role)) as Role | undefined) ?? 'contributor'
}

/**
 * A user here for an author of the source who matches none (`docs/compatibility.md`, "Authors"):
 * their e-mail, username, name and role, and a random password nobody knows, so that they sign in
 * only after resetting it. Needs the e-mail, which the source shows an editor only.
 */
export async function createUserFor(payload: Payload, usersSlug: string, author: SourceUser): Promise<LocalUser> {
  const collection = payload.collections[usersSlug as CollectionSlug]!.config
  const fields = new Set(collection.flattenedFields.map((field) => ('name' in field ? field.name : '')))
  const data: Record<string, unknown> = { email: author.email, password: randomBytes(24).toString('base64url'), role: roleOf(author) }
  const withUsername = typeof collection.auth === 'object' && Boolean(collection.auth.loginWithUsername)
  if (withUsername && author.username) data.username = author.username
  if (fields.has('displayName') && author.name) data.displayName = author.name
  const user = await payload.create({ collection: usersSlug as CollectionSlug, data: data as never, depth: 0, overrideAccess: true })
  return user as unknown as LocalUser
}
