import type { Access, PayloadRequest, Where } from 'payload'

import { keptForPayloadRequest } from '../../endpoints/freshness'
import { poolOf, tableNameOf } from '../db/pool'
import { can } from '../lib/roles'
import { POST_STATUSES } from '../lib/statuses'
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
  const hidden = await hiddenImages(req)
  if (hidden === null) return true
  return hidden.length ? ({ id: { not_in: hidden } } satisfies Where) : true
}

const POSTS_WITH_IMAGES = [CALENDAR_SLUGS.events, CALENDAR_SLUGS.venues, CALENDAR_SLUGS.organizers]
const UNPUBLISHED = POST_STATUSES.filter((status) => status !== 'publish')

/** Visitors' answer is kept until the calendar changes (`endpoints/freshness.ts`): it reads every unpublished post. */
async function hiddenImages(req: PayloadRequest): Promise<null | number[]> {
  const kept = await keptForPayloadRequest(req)
  const remembered = kept.get<number[]>('images', 'hidden')
  if (remembered) return remembered
  const hidden = await imagesOnlyOnUnreadablePosts(req)
  if (hidden) kept.set('images', 'hidden', hidden)
  return hidden
}

/**
 * The ids of images used only by posts this caller may not read, in one statement: the images of
 * unpublished posts (through each table's status index), less those a readable post also uses
 * (each table's `image_id` index). Null without Payload's Postgres adapter.
 */
async function imagesOnlyOnUnreadablePosts(req: PayloadRequest): Promise<null | number[]> {
  const pool = poolOf(req.payload)
  if (!pool) return null
  const author = req.user && can(req.user, 'edit_posts') ? Number(req.user.id) : null
  const tables = POSTS_WITH_IMAGES.map((slug) => quoteIdentifier(tableNameOf(req.payload, slug)))
  const unpublished = `status IN (${UNPUBLISHED.map((status) => `'${status}'`).join(', ')})`
  // `IS DISTINCT FROM`: an item without an author is not the caller's.
  const unreadable =
    author === null ? unpublished : `${unpublished} AND author_id IS DISTINCT FROM $1`
  const readable =
    author === null ? `p.status = 'publish'` : `(p.status = 'publish' OR p.author_id = $1)`
  const text = `
    SELECT DISTINCT u.image_id FROM (${tables.map((table) => `SELECT image_id FROM ${table} WHERE image_id IS NOT NULL AND ${unreadable}`).join(' UNION ALL ')}) u
    WHERE ${tables.map((table) => `NOT EXISTS (SELECT 1 FROM ${table} p WHERE p.image_id = u.image_id AND ${readable})`).join(' AND ')}`
  const { rows } = await pool.query<{ image_id: number }>(text, author === null ? [] : [author])
  return rows.map((row) => Number(row.image_id))
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`
