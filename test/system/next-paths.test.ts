import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { migratedDatabase } from '../helpers/workerDatabase'
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess'

/**
 * What reaches Next.js in the real server (`npm start`), by paths written as an attacker writes them
 * (issue 25, findings 8 and 11): Next resolves dot segments, so `/_next/../api/events` is Payload's
 * API (and counts against the client's share, `test/fair-share.test.ts`); `/_next/image` resizes
 * nothing for anyone; upload file names no file has are 404 or 400, with nothing in the log.
 */
describe('paths in front of Next (npm start)', () => {
  const database = migratedDatabase('next_paths')
  let server: ServerProcess

  /** A GET of `path` exactly as written (fetch would resolve its dot segments first). */
  const rawGet = (path: string) =>
    new Promise<{ body: string; status: number }>((resolve, reject) => {
      const { hostname, port } = new URL(server.base)
      http
        .get({ hostname, path, port }, (response) => {
          let body = ''
          response.on('data', (chunk) => (body += chunk))
          response.on('end', () => resolve({ body, status: response.statusCode ?? 0 }))
        })
        .on('error', reject)
    })

  beforeAll(async () => {
    await database.create()
    server = await startServerProcess({ databaseUrl: database.url })
  }, 600_000)
  afterAll(async () => {
    await server?.stop()
    await database.drop()
  })

  it('resolves /_next/../ to the route it names, as the fair share now does', async () => {
    const response = await rawGet('/_next/../api/events?limit=1')
    expect(response.status).toBe(200)
    expect(JSON.parse(response.body)).toMatchObject({ docs: [] })
  })

  it('refuses /_next/image, however the path is written', async () => {
    for (const path of [
      '/_next/image?url=%2Fapi%2Fmedia%2Ffile%2Fposter.png&w=3840&q=75',
      '/_next/static/../image?url=%2Ffavicon.ico&w=16&q=75',
      '/_next/%2e%2e/_next/image?url=%2Ffavicon.ico&w=16&q=75',
    ]) {
      const response = await rawGet(path)
      expect(response.status, path).toBe(404)
      expect(JSON.parse(response.body), path).toEqual({ errors: [{ message: 'Not Found' }] })
    }
  })

  it('answers unknown upload file names with 404 and names with control characters with 400, and logs no error', async () => {
    const before = server.output().length
    expect((await fetch(`${server.base}/api/media/file/nope.png`)).status).toBe(404)
    expect((await fetch(`${server.base}/api/media/file/nope%0aFORGED%20line.png`)).status).toBe(400)
    expect((await fetch(`${server.base}/api/media/file/a%00b.png`)).status).toBe(400)
    await new Promise((resolve) => setTimeout(resolve, 500))
    const log = server.output().slice(before)
    expect(log).toContain('GET /api/media/file/nope.png 404')
    expect(log).not.toMatch(/ERROR|at .*\(|^FORGED/m)
  })
})
