import type { Request, Response } from 'express'
import type { Pool } from 'pg'
import type { Payload } from 'payload'

import express from 'express'

import { poolOf } from '../db/pool'
import { migrations } from '../migrations/index'
import { isDraining } from './draining'

/** How long `/readyz` waits for the database before calling it unreachable: under a load balancer's usual probe timeout. */
export const READINESS_DB_TIMEOUT_MS = 2_000
/**
 * How long the database's answer to `/readyz` (reachable, migrations applied) is reused. The probe
 * is public and outside each client's fair share (a load balancer must always reach it), so without
 * this anyone could make every call a query; with it, the database sees at most one check per
 * period, whoever asks and however often, while an outage still shows within a few seconds.
 */
export const READINESS_CACHE_MS = 3_000

type Check = { error?: string; ok: boolean }

/**
 * `GET /healthz`: the process is alive (answers without touching the database, so a database
 * outage does not get every instance restarted). `GET /readyz`: this instance can serve traffic:
 * the database answers, every committed migration (`src/migrations/index.ts`) is applied, and
 * the instance is not stopping (the database's answer is reused for READINESS_CACHE_MS, the
 * stopping flag never). No authentication, never cached by clients.
 */
export function healthRoutes(payload: Payload): express.Router {
  const router = express.Router()
  router.get('/healthz', (_req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' })
  })
  router.get('/readyz', async (_req: Request, res: Response) => {
    const checks = await readinessChecks(payload)
    const ready = Object.values(checks).every((check) => check.ok)
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ok' : 'unavailable', checks })
  })
  return router
}

type DatabaseChecks = Record<'database' | 'migrations', Check>

/** Per Payload instance: the last database check (or the one under way, which every caller meanwhile shares) and when it began. */
const lastChecks = new WeakMap<Payload, { at: number; checks: Promise<DatabaseChecks> }>()

/** The readiness checks: the stopping flag as it is now, the database's as checked within READINESS_CACHE_MS. */
export async function readinessChecks(
  payload: Payload,
): Promise<Record<'database' | 'migrations' | 'shutdown', Check>> {
  const shutdown: Check = isDraining()
    ? { error: 'the instance is stopping', ok: false }
    : { ok: true }
  let last = lastChecks.get(payload)
  if (!last || Date.now() - last.at >= READINESS_CACHE_MS) {
    last = { at: Date.now(), checks: databaseChecks(payload) }
    lastChecks.set(payload, last)
  }
  return { ...(await last.checks), shutdown }
}

async function databaseChecks(payload: Payload): Promise<DatabaseChecks> {
  const pool = poolOf(payload)
  if (!pool)
    return { database: { error: 'no database pool', ok: false }, migrations: { ok: false } }
  try {
    await withTimeout(pool.query('SELECT 1'), READINESS_DB_TIMEOUT_MS)
  } catch (error) {
    return { database: { error: describe(error), ok: false }, migrations: { ok: false } }
  }
  return { database: { ok: true }, migrations: await migrationsCheck(pool) }
}

/** Applied means recorded in `payload_migrations` by name, as Payload's own `migrate` records them. */
async function migrationsCheck(pool: Pool): Promise<Check> {
  try {
    const { rows } = await withTimeout(
      pool.query('SELECT name FROM payload_migrations'),
      READINESS_DB_TIMEOUT_MS,
    )
    const applied = new Set(rows.map((row) => String(row.name)))
    const pending = migrations
      .map((migration) => migration.name)
      .filter((name) => !applied.has(name))
    return pending.length
      ? { error: `pending migrations: ${pending.join(', ')}`, ok: false }
      : { ok: true }
  } catch (error) {
    // No table yet: nothing has been migrated.
    return { error: describe(error), ok: false }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
