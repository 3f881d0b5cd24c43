import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Payload } from 'payload'

import { poolOf } from '../../src/db/pool'
import { startDraining } from '../../src/server/draining'
import { READINESS_CACHE_MS } from '../../src/server/health'
import { serveAllApis } from '../helpers/http'
import { getTestPayload } from '../helpers/payload'

/** The probes a load balancer or orchestrator calls (`src/server/health.ts`), in the product's Express front. */
describe('health probes', () => {
  let server: { close: () => Promise<void>; url: string }
  let payload: Payload
  beforeAll(async () => {
    payload = await getTestPayload()
    server = await serveAllApis(payload)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('/healthz: alive, without authentication, never cached', async () => {
    const response = await fetch(`${server.url}/healthz`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('/readyz: ready when the database answers and every migration is applied', async () => {
    const response = await fetch(`${server.url}/readyz`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({
      status: 'ok',
      checks: { database: { ok: true }, migrations: { ok: true }, shutdown: { ok: true } },
    })
  })

  // Issue 25, finding 8: the probe is public and outside the fair share; each call was a query.
  it('/readyz: asks the database at most once every few seconds, however many calls come', async () => {
    const pool = poolOf(payload)!
    const query = pool.query
    let checks = 0
    pool.query = function (this: unknown, ...args: unknown[]) {
      if (
        /^SELECT 1$|payload_migrations/.test(
          String((args[0] as { text?: string })?.text ?? args[0]),
        )
      )
        checks++
      return (query as (...args: unknown[]) => unknown).apply(this, args)
    } as typeof pool.query
    try {
      await new Promise((resolve) => setTimeout(resolve, READINESS_CACHE_MS))
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => fetch(`${server.url}/readyz`)),
      )
      for (let index = 0; index < 20; index++) answers.push(await fetch(`${server.url}/readyz`))
      expect(answers.map((response) => response.status)).toEqual(Array(50).fill(200))
      // One check: a `SELECT 1` and the migrations' list.
      expect(checks).toBe(2)
      await new Promise((resolve) => setTimeout(resolve, READINESS_CACHE_MS))
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
      expect(checks).toBe(4)
    } finally {
      pool.query = query
    }
  })

  // Last: the draining flag stays set for this process.
  it('/readyz: 503 at once when the instance starts stopping, and answers ask clients to close the connection', async () => {
    startDraining()
    const response = await fetch(`${server.url}/readyz`)
    expect(response.status).toBe(503)
    expect(response.headers.get('connection')).toBe('close')
    expect(await response.json()).toMatchObject({
      status: 'unavailable',
      checks: { shutdown: { ok: false, error: 'the instance is stopping' } },
    })
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })
})
