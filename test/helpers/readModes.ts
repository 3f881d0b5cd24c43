import type { Payload } from 'payload'

import { poolOf } from '../../src/db/pool'
import { pluginOptionsOf } from '../../src/pluginOptions'

/*
 * The two ways the compatibility API and the feeds read events (the plugin's `reads.sql` option,
 * docs/configuration.md): in the plugin's own SQL, or through Payload. Suites that guard the read
 * rules run in both.
 */
export const READ_MODES = [
  { name: 'SQL reads', sql: true },
  { name: 'Payload reads', sql: false },
] as const

/** A new epoch for what the server keeps for visitors: nothing read in one mode is served in the other. */
export const forgetKept = (payload: Payload) =>
  poolOf(payload)!.query('INSERT INTO calendar_changes (txid) VALUES (pg_current_xact_id())')

/** Runs `action` with `reads.sql` set to `sql`, then sets it back; nothing kept crosses the switch. A failure names the mode. */
export async function inReadMode<T>(
  payload: Payload,
  sql: boolean,
  action: () => Promise<T>,
): Promise<T> {
  const reads = pluginOptionsOf(payload).reads
  const before = reads.sql
  reads.sql = sql
  await forgetKept(payload)
  try {
    return await action()
  } catch (error) {
    // A failure names the mode it happened in.
    if (error instanceof Error)
      error.message = `${READ_MODES.find((mode) => mode.sql === sql)!.name}: ${error.message}`
    throw error
  } finally {
    reads.sql = before
    await forgetKept(payload)
  }
}
