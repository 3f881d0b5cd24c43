import type { Access, PayloadRequest, Where } from 'payload'

import { keptForPayloadRequest } from '../../endpoints/freshness'
import { poolOf, tableNameOf } from '../db/pool'
import { can } from '../lib/roles'
import { CONTRIBUTOR_EDITABLE_STATUSES } from './posts'
import { CALENDAR_SLUGS } from '../slugs'

/**
 * Who may read an image. In WordPress an image uploaded to a post inherits that post's status, so
 * the poster of a draft event is not a visitor's to see, while an image in the library, or on a
 * published post, is public. The calendar's images have no parent, so the same rule is read from
 * their use: an image used by events, venues or organizers, none of which the caller may read
 * (`readPosts` in `./posts.ts`: published ones, and an author's or contributor's own) with its
 * content (a password-protected item's image is part of what its password hides), is hidden
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
 * The ids of images used only by posts this caller may not read, or whose content they may not
 * see (a password-protected post's image is blanked in its answers, `src/hooks/hideProtectedContent.ts`,
 * for those who may not edit it: `mayEditPost` of `./protectedContent.ts`), in one statement.
 * Null without Payload's Postgres adapter.
 */
async function imagesOnlyOnUnreadablePosts(req: PayloadRequest): Promise<null | number[]> {
  const pool = poolOf(req.payload)
  if (!pool) return null
  const author = req.user && can(req.user, 'edit_posts') ? Number(req.user.id) : null
  const tables = POSTS_WITH_IMAGES.map((slug) => quoteIdentifier(tableNameOf(req.payload, slug)))
  // `IS NOT DISTINCT FROM`: an item without an author is not the caller's, and the test is never null.
  const own = (p: string) => `${p}author_id IS NOT DISTINCT FROM $1`
  const readable = (p: string) =>
    author === null ? `${p}status = 'publish'` : `(${p}status = 'publish' OR ${own(p)})`
  const editable = (p: string) =>
    author === null
      ? 'FALSE'
      : can(req.user, 'edit_published_posts')
        ? own(p)
        : `(${own(p)} AND ${p}status IN (${CONTRIBUTOR_EDITABLE_STATUSES.map((status) => `'${status}'`).join(', ')}))`
  const seen = (p: string) => `(${p}password IS NULL OR ${p}password = '' OR ${editable(p)})`
  const shown = (p: string) => `(${readable(p)} AND ${seen(p)})`
  const text = `
    SELECT DISTINCT u.image_id FROM (${tables.map((table) => `SELECT image_id FROM ${table} WHERE image_id IS NOT NULL AND NOT ${shown('')}`).join(' UNION ALL ')}) u
    WHERE ${tables.map((table) => `NOT EXISTS (SELECT 1 FROM ${table} p WHERE p.image_id = u.image_id AND ${shown('p.')})`).join(' AND ')}`
  const { rows } = await pool.query<{ image_id: number }>(text, author === null ? [] : [author])
  return rows.map((row) => Number(row.image_id))
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`
