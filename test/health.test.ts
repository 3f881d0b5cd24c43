import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startDraining } from '../src/server/draining'
import { serveAllApis } from './helpers/http'
import { getTestPayload } from './helpers/payload'

/** The probes a load balancer or orchestrator calls (`src/server/health.ts`), in the product's Express front. */
describe('health probes', () => {
  let server: { close: () => Promise<void>; url: string }
  beforeAll(async () => {
    server = await serveAllApis(await getTestPayload())
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
    expect(await response.json()).toEqual({ status: 'ok', checks: { database: { ok: true }, migrations: { ok: true }, shutdown: { ok: true } } })
  })

  // Last: the draining flag stays set for this process.
  it('/readyz: 503 at once when the instance starts stopping, and answers ask clients to close the connection', async () => {
    startDraining()
    const response = await fetch(`${server.url}/readyz`)
    expect(response.status).toBe(503)
    expect(response.headers.get('connection')).toBe('close')
    expect(await response.json()).toMatchObject({ status: 'unavailable', checks: { shutdown: { ok: false, error: 'the instance is stopping' } } })
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })
})
