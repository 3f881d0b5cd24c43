import type { Payload } from 'payload'

import { expect } from 'vitest'

import type { SqlQuerier } from '../../src/db/pool'

import { drizzleOf } from '../../src/db/pool'

/**
 * Runs `work` in a transaction of the worker's database that is rolled back after it, so that
 * what it changed (a migration run up or down) leaves the database as it was for the other files.
 */
export async function inRolledBackTransaction(
  payload: Payload,
  work: (tx: SqlQuerier) => Promise<void>,
): Promise<void> {
  const rolledBack = new Error('rolled back')
  await expect(
    drizzleOf(payload)!.transaction!(async (tx) => {
      await work(tx)
      throw rolledBack
    }),
  ).rejects.toBe(rolledBack)
}
