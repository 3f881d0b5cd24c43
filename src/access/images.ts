import type { Access, PayloadRequest, Where } from 'payload'

import { poolOf, tableNameOf } from '../db/pool'
import { can } from '../lib/roles'
import { CALENDAR_SLUGS } from '../slugs'

/**
 * Who may read an image. In WordPress an image uploaded to a post inherits that post's status, so
 * the poster of a draft event is not a visitor's to see, while an image in the library, or on a
 * published post, is public. The calendar's images have no parent, so the same rule is read from
 * their use: an image used by events, venues or organizers, none of which the caller may read
 * (`readPosts` in `./posts.ts`: published ones, and an author's or contributor's own), is hidden
 * from them, on every surface that reads images through Payload (its REST and GraphQL APIs,
 * `/api/<media>/file/…`, populated relationships, the admin). Editors read every image.
 */
export const readImages: Access = async ({ req }) => {
  if (can(req.user, 'read_private_posts')) return true
  const hidden = await imagesOnlyOnUnreadablePosts(req)
  if (hidden === null) return true
  return hidden.length ? ({ id: { not_in: hidden } } satisfies Where) : true
}

const POSTS_WITH_IMAGES = [CALENDAR_SLUGS.events, CALENDAR_SLUGS.venues, CALENDAR_SLUGS.organizers]

/**
 * The ids of images used only by posts this caller may not read, in one statement (each post
 * table's `image_id` is indexed by its foreign key). Null without Payload's Postgres adapter.
 */
async function imagesOnlyOnUnreadablePosts(req: PayloadRequest): Promise<null | number[]> {
  const pool = poolOf(req.payload)
  if (!pool) return null
  const author = req.user && can(req.user, 'edit_posts') ? Number(req.user.id) : null
  const tables = POSTS_WITH_IMAGES.map((slug) => quoteIdentifier(tableNameOf(req.payload, slug)))
  // `coalesce`: an item without an author is not the caller's, and NOT of a null would hide nothing.
  const readable = author === null ? `status = 'publish'` : `(status = 'publish' OR coalesce(author_id = $1, false))`
  const used = (condition: string) => tables.map((table) => `SELECT image_id FROM ${table} WHERE image_id IS NOT NULL AND ${condition}`).join(' UNION ')
  const text = `${used(`NOT ${readable}`)} EXCEPT (${used(readable)})`
  const { rows } = await pool.query<{ image_id: number }>(text, author === null ? [] : [author])
  return rows.map((row) => Number(row.image_id))
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`
