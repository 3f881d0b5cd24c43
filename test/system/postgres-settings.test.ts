import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'

import { startEmbeddedPostgres } from '../../src/server/db/embeddedPostgres'
import { productionPostgresSettings } from '../../src/server/db/postgresSettings'

const GB = 2 ** 30

/** The server's value of each setting, in the units `productionPostgresSettings` writes (MB, on/off). */
async function settingsOf(url: string, names: string[]): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ name: string; value: string }>(
      `SELECT name, CASE WHEN unit = '8kB' THEN (setting::bigint * 8 / 1024) || 'MB' WHEN unit = 'kB' THEN (setting::bigint / 1024) || 'MB' ELSE setting END AS value
       FROM pg_settings WHERE name = ANY($1)`,
      [names],
    )
    return Object.fromEntries(rows.map((row) => [row.name, row.value]))
  } finally {
    await client.end()
  }
}

describe('the embedded Postgres runs with a production site’s memory settings', () => {
  const work = fs.mkdtemp(path.join(os.tmpdir(), 'pec-pg-settings-'))
  afterAll(async () => fs.rm(await work, { force: true, recursive: true }))

  it('sizes them from the memory, with caps', () => {
    expect(productionPostgresSettings(24 * GB)).toEqual({
      shared_buffers: '4096MB',
      effective_cache_size: '12288MB',
      work_mem: '32MB',
      maintenance_work_mem: '512MB',
      jit: 'off',
      max_parallel_workers_per_gather: '0',
    })
    expect(productionPostgresSettings(2 * GB)).toEqual({
      shared_buffers: '512MB',
      effective_cache_size: '1024MB',
      work_mem: '5MB',
      maintenance_work_mem: '64MB',
      jit: 'off',
      max_parallel_workers_per_gather: '0',
    })
    expect(productionPostgresSettings(256 * 2 ** 20)).toEqual({
      shared_buffers: '128MB',
      effective_cache_size: '256MB',
      work_mem: '4MB',
      maintenance_work_mem: '64MB',
      jit: 'off',
      max_parallel_workers_per_gather: '0',
    })
  })

  it('applies them to the server `npm start` embeds, and not to the tests’ throwaway ones', async () => {
    const expected = productionPostgresSettings()
    const names = Object.keys(expected)
    const real = await startEmbeddedPostgres({
      database: 'payload',
      dir: path.join(await work, 'real', 'pg'),
      persistent: false,
    })
    try {
      expect(await settingsOf(real.url, names)).toEqual(expected)
    } finally {
      await real.stop()
    }
    const fast = await startEmbeddedPostgres({
      database: 'payload',
      dir: path.join(await work, 'fast', 'pg'),
      fast: true,
      persistent: false,
    })
    try {
      expect((await settingsOf(fast.url, ['jit'])).jit).toBe('on')
    } finally {
      await fast.stop()
    }
  })

  it('is reached through a Unix socket in its data folder, or over loopback TCP where the path is too long for one', async () => {
    const sessionOf = async (url: string) => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        // A Unix socket's session has no client address.
        return (
          await client.query<{ address: null | string }>('SELECT inet_client_addr() AS address')
        ).rows[0]!.address
      } finally {
        await client.end()
      }
    }
    const dir = path.join(await work, 'socket', 'pg')
    const near = await startEmbeddedPostgres({
      database: 'payload',
      dir,
      fast: true,
      persistent: false,
    })
    try {
      expect(new URL(near.url).searchParams.get('host')).toBe(dir)
      expect(await sessionOf(near.url)).toBeNull()
    } finally {
      await near.stop()
    }
    const far = await startEmbeddedPostgres({
      database: 'payload',
      dir: path.join(await work, 'x'.repeat(90), 'pg'),
      fast: true,
      persistent: false,
    })
    try {
      expect(new URL(far.url).hostname).toBe('127.0.0.1')
      expect(await sessionOf(far.url)).toBe('127.0.0.1')
    } finally {
      await far.stop()
    }
  })
})
