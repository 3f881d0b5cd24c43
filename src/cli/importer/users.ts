import type { CollectionSlug, Payload } from 'payload'

import { randomBytes } from 'node:crypto'

import type { Role } from '../../types'

import { ROLE_GIVEN } from '../../hooks/context'
import { ROLES } from '../../lib/roles'

export type LocalUser = { email?: null | string; id: number; username?: null | string }

/** A user of the source as WordPress's `wp/v2/users/{id}` shows it (e-mail, username and roles only with `context=edit`). */
export type SourceUser = {
  email?: string
  name?: string
  roles?: unknown
  slug?: string
  username?: string
}

export async function localUsers(payload: Payload, usersSlug: string): Promise<LocalUser[]> {
  const { docs } = await payload.find({
    collection: usersSlug as CollectionSlug,
    depth: 0,
    limit: 0,
    overrideAccess: true,
    pagination: false,
  })
  return docs as unknown as LocalUser[]
}

/**
 * The user here who is this author: the same e-mail first, else the same username (case
 * ignored). Ids are not compared: user 1 on one site and user 1 on another are rarely the same person.
 */
export function matchUser(
  users: LocalUser[],
  author: { email?: unknown; usernames: unknown[] },
): LocalUser | undefined {
  const same = (a: unknown, b: unknown) =>
    typeof a === 'string' &&
    typeof b === 'string' &&
    a !== '' &&
    a.toLowerCase() === b.toLowerCase()
  return (
    users.find((user) => same(user.email, author.email)) ??
    users.find((user) => author.usernames.some((name) => same(user.username, name)))
  )
}

/**
 * What an author's role at the source becomes here (`--map-roles`): the source's own role when it
 * is named, else at most contributor.
 */
export type RoleMap = Readonly<Record<string, Role>>

/** Roles a source may give without being asked: a contributor publishes nothing, so a source cannot make anyone powerful here. */
const SAFE_ROLES: readonly Role[] = ['contributor', 'subscriber']

/**
 * The author's role here. A source's answer is not to be trusted with power: whoever controls it
 * could otherwise name an administrator with their own e-mail, reset the password and own the site.
 * So a role is taken as the source gives it only when the operator mapped it (`--map-roles
 * administrator=editor`, or `--keep-roles` mapping every role to itself); any other role becomes
 * contributor, or stays subscriber. The first of the source's roles the map or our roles know decides.
 */
export function roleOf(author: SourceUser, map: RoleMap = {}): Role {
  const roles = (Array.isArray(author.roles) ? author.roles : []).filter(
    (role): role is string => typeof role === 'string',
  )
  for (const role of roles) {
    if (Object.hasOwn(map, role)) return map[role]!
    if ((ROLES as readonly string[]).includes(role))
      return SAFE_ROLES.includes(role as Role) ? (role as Role) : 'contributor'
  }
  return 'contributor'
}

/** `--keep-roles`: every role of ours as itself. */
export const KEEP_ROLES: RoleMap = Object.fromEntries(ROLES.map((role) => [role, role]))

/**
 * A user here for an author of the source who matches none (`docs/compatibility.md`, "Authors"):
 * their e-mail, username, name and role (`roleOf`: contributor at most unless mapped), and a random password nobody knows, so that they sign in
 * only after resetting it. Needs the e-mail, which the source shows an editor only.
 */
export async function createUserFor(
  payload: Payload,
  usersSlug: string,
  author: SourceUser,
  roles: RoleMap = {},
): Promise<LocalUser> {
  const collection = payload.collections[usersSlug as CollectionSlug]!.config
  const fields = new Set(
    collection.flattenedFields.map((field) => ('name' in field ? field.name : '')),
  )
  const data: Record<string, unknown> = {
    email: author.email,
    password: randomBytes(24).toString('base64url'),
    role: roleOf(author, roles),
  }
  const withUsername =
    typeof collection.auth === 'object' && Boolean(collection.auth.loginWithUsername)
  if (withUsername && author.username) data.username = author.username
  if (fields.has('displayName') && author.name) data.displayName = author.name
  const user = await payload.create({
    collection: usersSlug as CollectionSlug,
    context: { [ROLE_GIVEN]: true },
    data: data as never,
    depth: 0,
    overrideAccess: true,
  })
  return user as unknown as LocalUser
}
