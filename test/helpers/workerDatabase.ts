import { threadId } from 'node:worker_threads'
import pg from 'pg'
import { inject } from 'vitest'

import { databaseUrlOn, query } from './freshDatabase'

/** Migrated once per run (test/globalSetup.ts); no test connects to it, so that it can be cloned. */
export const TEMPLATE_DATABASE = 'events_calendar_test_template'

/** Any number, the same in every worker. */
const CLONE_LOCK = 730_305

/**
 * Database `name` on the test server, a copy of the migrated template: made unless it exists, or
 * made anew when `fresh`. Copies are made one at a time (Postgres refuses to copy a template
 * that another copy is reading), and their names start as the template's, so that a later run's
 * global setup drops those a run on TEST_PG_ADMIN_URL left behind.
 */
export const templateCopy = (name: string, options: { fresh?: boolean } = {}): Promise<string> =>
  templateCopyOn(inject('postgresUrl'), name, options)

/** `templateCopy` on the test server `server` (its maintenance database's URL), for the run's own process, where `inject` is not. */
export async function templateCopyOn(
  server: string,
  name: string,
  { fresh = false } = {},
): Promise<string> {
  if (!name.startsWith('events_calendar_test_'))
    throw new Error(`a copy of the template is named events_calendar_test_…, not ${name}`)
  const client = new pg.Client({ connectionString: server })
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [CLONE_LOCK])
    if (fresh) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (!found.rowCount)
      await client.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DATABASE}"`)
  } finally {
    await client.end()
  }
  return databaseUrlOn(server, name)
}

/** Drops a copy of the template made by `templateCopy`. */
export async function dropTemplateCopy(name: string): Promise<void> {
  await query(inject('postgresUrl'), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
}

/**
 * A migrated database of a file's own, `events_calendar_test_<name>`, as `freshDatabase` gives an
 * empty one: for the files whose processes need a migrated database but do not test migrating
 * it, so that none of them spends its start applying every migration again. `create` copies the
 * template anew, `drop` removes the copy.
 */
export function migratedDatabase(name: string) {
  const full = `events_calendar_test_${name}`
  return {
    create: async () => void (await templateCopy(full, { fresh: true })),
    drop: () => dropTemplateCopy(full),
    url: databaseUrlOn(inject('postgresUrl'), full),
  }
}

/**
 * The database of this worker, cloned from the migrated template by the first file the worker
 * runs. A worker runs its files one at a time: files in parallel never share a database, and the
 * files of one worker see each other's data, as they all did on the single test database.
 * Named by the worker's process and thread, not by `VITEST_POOL_ID`: a worker that runs several
 * files (`isolate: false`) keeps its pool id after giving it back, and a worker of another tier
 * started meanwhile gets the same one, so two files ran on one database at once (a file's start
 * emptied the other's password-guard table; a replay counted the other's events).
 */
export const workerDatabase = (): Promise<string> =>
  templateCopy(`events_calendar_test_w${process.pid}_${threadId}`)
