import type { Role } from '../types'

export const ROLES: readonly Role[] = [
  'administrator',
  'editor',
  'author',
  'contributor',
  'subscriber',
]

/**
 * What a role may do, after the capabilities The Events Calendar maps onto WordPress roles
 * (`docs/compatibility.md`, "Status workflow and roles"). Names follow WordPress so that the
 * mapping can be checked against the original's documentation.
 */
export type Capability =
  | 'delete_others_posts'
  | 'edit_others_posts'
  | 'edit_posts'
  | 'edit_published_posts'
  | 'manage_categories'
  | 'manage_event_categories'
  | 'manage_users'
  | 'publish_posts'
  | 'read_private_posts'
  // HTML kept as written (scripts aside, src/lib/htmlSafety.ts); others keep a post's tags only.
  | 'unfiltered_html'

const EDITOR: readonly Capability[] = [
  'delete_others_posts',
  'edit_others_posts',
  'edit_posts',
  'edit_published_posts',
  'manage_categories',
  'manage_event_categories',
  'publish_posts',
  'read_private_posts',
  'unfiltered_html',
]

const CAPABILITIES: Record<Role, readonly Capability[]> = {
  administrator: [...EDITOR, 'manage_users'],
  author: ['edit_posts', 'edit_published_posts', 'manage_event_categories', 'publish_posts'],
  contributor: ['edit_posts'],
  editor: EDITOR,
  subscriber: [],
}

export type UserWithRole = { id: number | string; role?: null | string } | null | undefined

export function roleOf(user: UserWithRole): null | Role {
  const role = user?.role
  return role && (ROLES as readonly string[]).includes(role) ? (role as Role) : null
}

export function can(user: UserWithRole, capability: Capability): boolean {
  const role = roleOf(user)
  return role !== null && CAPABILITIES[role].includes(capability)
}
