import type { Payload } from 'payload'

import express from 'express'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'

import { readEnv } from '../../src/env'
import { createExpressApp, DEFAULT_CLIENT_CONCURRENCY } from '../../src/server/app'
import { fairShare } from '../../src/server/fairShare'
import { getTestPayload } from '../helpers/payload'

/** An app whose `/slow` answers only when the test lets it, behind the fair share, with clients told apart by X-Forwarded-For. */
async function slowApp(settings: { maxQueued: number; maxWaitMs: number; perClient: number }) {
  const app = express()
  app.set('trust proxy', true)
  const waiting: (() => void)[] = []
  let started = 0
  app.use(fairShare({ ...settings, isCompatPath: (path) => path.startsWith('/wp-json') }))
  app.get(['/slow', '/wp-json/slow'], (_req, res) => {
    started++
    waiting.push(() => res.json({ ok: true }))
  })
  app.get('/fast', (_req, res) => res.json({ ok: true }))
  // Whatever else is asked (Next.js's place in the real app) is slow work too.
  app.use((_req, res) => {
    started++
    waiting.push(() => res.json({ ok: true }))
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const get = (path: string, client: string) =>
    fetch(`${url}${path}`, { headers: { 'x-forwarded-for': client } })
  const until = async (test: () => boolean) => {
    while (!test()) await new Promise((resolve) => setTimeout(resolve, 10))
  }
  /** A GET of `path` exactly as written (fetch would resolve its dot segments first); status 0 when no answer came within 3 s. */
  const rawGet = (path: string, client: string) =>
    new Promise<number>((resolve) => {
      const { hostname, port } = new URL(url)
      const request = http.get(
        { headers: { 'x-forwarded-for': client }, hostname, path, port, timeout: 3_000 },
        (response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
        },
      )
      request.on('timeout', () => {
        request.destroy()
        resolve(0)
      })
      request.on('error', () => resolve(0))
    })
  return {
    close: () => new Promise((resolve) => server.close(resolve)),
    finishOne: () => waiting.shift()!(),
    get,
    rawGet,
    started: () => started,
    until,
    server,
    url,
  }
}

describe("each client's fair share of the server", () => {
  it('answers at most perClient requests of a client at once, the rest in order as slots free; other clients are not kept waiting', async () => {
    const app = await slowApp({ maxQueued: 10, maxWaitMs: 10_000, perClient: 2 })
    try {
      const first = [
        app.get('/slow', '10.0.0.1'),
        app.get('/slow', '10.0.0.1'),
        app.get('/slow', '10.0.0.1'),
      ]
      await app.until(() => app.started() === 2)
      // The third waits; another client's request is answered at once.
      expect((await app.get('/fast', '10.0.0.2')).status).toBe(200)
      expect(app.started()).toBe(2)
      app.finishOne()
      await app.until(() => app.started() === 3)
      app.finishOne()
      app.finishOne()
      expect((await Promise.all(first)).map((response) => response.status)).toEqual([200, 200, 200])
    } finally {
      app.server.closeAllConnections()
      await app.close()
    }
  })

  it('refuses with 429 and Retry-After once the line is full or the wait too long, in the shape of the surface asked', async () => {
    const app = await slowApp({ maxQueued: 1, maxWaitMs: 300, perClient: 1 })
    try {
      const held = app.get('/slow', '10.0.0.3')
      await app.until(() => app.started() === 1)
      const queued = app.get('/wp-json/slow', '10.0.0.3')
      const full = await app.get('/slow', '10.0.0.3')
      expect(full.status).toBe(429)
      expect(full.headers.get('retry-after')).toBe('1')
      expect(await full.json()).toEqual({
        errors: [{ message: expect.stringContaining('Too many requests') }],
      })
      const timedOut = await queued
      expect(timedOut.status).toBe(429)
      expect(await timedOut.json()).toEqual({
        code: 'rest_too_many_requests',
        message: expect.stringContaining('Too many requests'),
        data: { status: 429 },
      })
      app.finishOne()
      expect((await held).status).toBe(200)
      // The slot is free again.
      expect((await app.get('/fast', '10.0.0.3')).status).toBe(200)
    } finally {
      app.server.closeAllConnections()
      await app.close()
    }
  })

  it('lets a request that hangs up while waiting leave the line, so its place goes to the next one', async () => {
    const app = await slowApp({ maxQueued: 1, maxWaitMs: 10_000, perClient: 1 })
    try {
      const held = app.get('/slow', '10.0.0.4')
      await app.until(() => app.started() === 1)
      const hangingUp = new AbortController()
      const gone = fetch(`${app.url}/slow`, {
        headers: { 'x-forwarded-for': '10.0.0.4' },
        signal: hangingUp.signal,
      }).catch(() => 'hung up')
      await new Promise((resolve) => setTimeout(resolve, 50))
      hangingUp.abort()
      expect(await gone).toBe('hung up')
      await new Promise((resolve) => setTimeout(resolve, 50))
      // The line of one is free again: this one waits its turn instead of a 429, and is answered.
      const next = app.get('/slow', '10.0.0.4')
      await new Promise((resolve) => setTimeout(resolve, 50))
      app.finishOne()
      await app.until(() => app.started() === 2)
      app.finishOne()
      expect((await held).status).toBe(200)
      expect((await next).status).toBe(200)
    } finally {
      app.server.closeAllConnections()
      await app.close()
    }
  })

  // Issue 25, finding 8: `/_next/../api/events` reached Payload's route outside the limit.
  it('exempts only Next’s built files, judged on the path Next resolves, so no spelling of another path escapes the limit', async () => {
    const app = await slowApp({ maxQueued: 10, maxWaitMs: 300, perClient: 1 })
    try {
      const held = app.get('/slow', '10.0.0.20')
      await app.until(() => app.started() === 1)
      const escapes = [
        '/_next/../slow',
        '/_next/%2e%2e/slow',
        '/_next/.%2E/wp-json/slow',
        '/_next/static/../../slow',
        '/_next/static/%2e%2e/%2E%2E/slow',
        '/_next\\..\\slow',
      ]
      // Each waits for the client's one slot, which stays taken: refused after the wait, never started.
      expect(await Promise.all(escapes.map((path) => app.rawGet(path, '10.0.0.20')))).toEqual(
        escapes.map(() => 429),
      )
      expect(app.started()).toBe(1)
      // Next's built files are not held up.
      const file = app.rawGet('/_next/static/chunks/main.js', '10.0.0.20')
      await app.until(() => app.started() === 2)
      app.finishOne()
      app.finishOne()
      expect((await held).status).toBe(200)
      expect(await file).toBe(200)
    } finally {
      app.server.closeAllConnections()
      await app.close()
    }
  })

  describe('in the app', () => {
    let payload: Payload
    beforeAll(async () => {
      payload = await getTestPayload()
    })

    it('reads CLIENT_CONCURRENCY, and keeps the health probes and the API answering under a flood from one client', async () => {
      expect(readEnv({} as unknown as NodeJS.ProcessEnv).clientConcurrency).toBe(
        DEFAULT_CLIENT_CONCURRENCY,
      )
      expect(
        readEnv({ CLIENT_CONCURRENCY: '0' } as unknown as NodeJS.ProcessEnv).clientConcurrency,
      ).toBe(0)
      expect(() => readEnv({ CLIENT_CONCURRENCY: 'many' } as unknown as NodeJS.ProcessEnv)).toThrow(
        /CLIENT_CONCURRENCY/,
      )

      const app = createExpressApp({ clientConcurrency: 1, payload, trustProxy: true })
      const server = app.listen(0, '127.0.0.1')
      await new Promise((resolve) => server.once('listening', resolve))
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      try {
        const flood = Array.from({ length: 40 }, () =>
          fetch(`${url}/wp-json/vendor/events/v1/events?per_page=50`, {
            headers: { 'x-forwarded-for': '10.0.0.9' },
          }),
        )
        const other = await fetch(`${url}/wp-json/vendor/events/v1/categories`, {
          headers: { 'x-forwarded-for': '10.0.0.10' },
        })
        expect(other.status).toBe(200)
        expect(
          (await fetch(`${url}/healthz`, { headers: { 'x-forwarded-for': '10.0.0.9' } })).status,
        ).toBe(200)
        // Within the line's bounds every request of the flood is answered, one at a time.
        expect(new Set((await Promise.all(flood)).map((response) => response.status))).toEqual(
          new Set([200]),
        )
      } finally {
        server.closeAllConnections()
        await new Promise((resolve) => server.close(resolve))
      }
    })
  })
})
