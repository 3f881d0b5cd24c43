import type { Payload } from 'payload'

type PoolClient = { query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>; release: (destroy?: boolean) => void }

/** An arbitrary 64-bit key that names "running the calendar's job queue" among advisory locks (`src/db/boot.ts` has the migrations' one). */
const CALENDAR_QUEUE_LOCK_KEY = '7261001452837100002'

/**
 * Runs `work` only if no other process (or other call in this one) is running it: a session-level
 * Postgres advisory try-lock, held on a pooled connection of its own for the whole of `work`.
 * Returns false, without waiting, when the lock is taken. If this process dies, its connection
 * closes and Postgres releases the lock.
 */
export async function whileHoldingCalendarQueueLock(payload: Payload, work: () => Promise<void>): Promise<boolean> {
  const pool = (payload.db as unknown as { pool: { connect: () => Promise<PoolClient> } }).pool
  const client = await pool.connect()
  let locked = false
  let broken = false
  try {
    const { rows } = await client.query('SELECT pg_try_advisory_lock($1) AS locked', [CALENDAR_QUEUE_LOCK_KEY])
    locked = rows[0]?.locked === true
    if (!locked) return false
    await work()
    return true
  } finally {
    if (locked) {
      // A connection whose unlock failed may still hold the lock: closed rather than pooled.
      await client.query('SELECT pg_advisory_unlock($1)', [CALENDAR_QUEUE_LOCK_KEY]).catch(() => (broken = true))
    }
    client.release(broken)
  }
}
