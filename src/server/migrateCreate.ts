/**
 * `npm run migrate:create -- <name>`: writes a migration for the schema changes since the last
 * one, against a throwaway embedded Postgres (Payload needs a connection to generate it).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { startEmbeddedPostgres } from '../server/db/embeddedPostgres'

const name = process.argv[2] ?? 'migration'
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-migrate-'))
const database = await startEmbeddedPostgres({
  database: 'payload',
  dir: path.join(dir, 'pg'),
  fast: true,
  persistent: false,
})
try {
  const result = spawnSync('npx', ['payload', 'migrate:create', name], {
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      NODE_OPTIONS: '--no-deprecation --conditions=production',
    },
    stdio: 'inherit',
  })
  process.exitCode = result.status ?? 1
} finally {
  await database.stop()
  await fs.rm(dir, { force: true, recursive: true })
}
