import type { PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

/**
 * Makes concurrent writes that touch the same thing take turns: a transaction-scoped Postgres
 * advisory lock on `key`, released when the request's transaction commits or rolls back. Only
 * writes that ask for the same key wait. Outside a transaction there is nothing to hold it, so
 * it does nothing.
 */
export async function lockForTransaction(req: PayloadRequest, key: string): Promise<void> {
  const transactionID = await req.transactionID
  if (!transactionID) return
  const adapter = req.payload.db as unknown as { sessions?: Record<string, { db?: { execute: (query: unknown) => Promise<unknown> } }> }
  const session = adapter.sessions?.[String(transactionID)]?.db
  if (session) await session.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`)
}
