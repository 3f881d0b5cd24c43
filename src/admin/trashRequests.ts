import { stringify } from 'qs'

import type { PostStatus } from '../types'

/** An item as the trash's undo needs it: where it goes back to. */
export type TrashedItem = { id: number | string; statusBeforeTrash?: null | PostStatus }

type BulkAnswer = {
  docs?: TrashedItem[]
  errors?: Array<{ id?: number | string; message?: string }>
  message?: string
}

/** Payload's bulk update (`PATCH /api/<collection>?where[id][in]=…`); the status workflow runs for each item. */
async function patchMany(
  apiURL: string,
  ids: Array<number | string>,
  data: Record<string, unknown>,
): Promise<BulkAnswer> {
  const query = stringify(
    { depth: 0, select: { status: true, statusBeforeTrash: true }, where: { id: { in: ids } } },
    { addQueryPrefix: true },
  )
  const response = await fetch(`${apiURL}${query}`, {
    body: JSON.stringify(data),
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    method: 'PATCH',
  })
  const body = (await response.json().catch(() => ({}))) as BulkAnswer
  if (!response.ok && !body.docs?.length)
    throw new Error(
      body.errors?.[0]?.message ?? body.message ?? `The request failed (${response.status}).`,
    )
  return body
}

/** Moves items to the trash; answers what was trashed, each with the status it can go back to. */
export async function moveToTrash(
  apiURL: string,
  ids: Array<number | string>,
): Promise<{ failed: number; trashed: TrashedItem[] }> {
  const body = await patchMany(apiURL, ids, { status: 'trash' })
  return { failed: body.errors?.length ?? 0, trashed: body.docs ?? [] }
}

/** Brings trashed items back, each to the status it had before (one request per status). */
export async function restoreFromTrash(apiURL: string, items: TrashedItem[]): Promise<number> {
  const byStatus = new Map<PostStatus, Array<number | string>>()
  for (const item of items) {
    const status = item.statusBeforeTrash ?? 'draft'
    byStatus.set(status, [...(byStatus.get(status) ?? []), item.id])
  }
  let restored = 0
  for (const [status, ids] of byStatus)
    restored += (await patchMany(apiURL, ids, { status })).docs?.length ?? 0
  return restored
}

/** The trashed items among `ids`, with the status each goes back to. */
export async function findTrashed(
  apiURL: string,
  ids: Array<number | string>,
): Promise<TrashedItem[]> {
  const query = stringify(
    {
      depth: 0,
      limit: ids.length,
      select: { statusBeforeTrash: true },
      where: { and: [{ id: { in: ids } }, { status: { equals: 'trash' } }] },
    },
    { addQueryPrefix: true },
  )
  const response = await fetch(`${apiURL}${query}`, { credentials: 'include' })
  return response.ok ? ((await response.json()) as { docs: TrashedItem[] }).docs : []
}
