import type { Payload } from 'payload'

import { spawn } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { serveAllApis, type TestServer } from '../helpers/http'
import { getTestPayload, unique } from '../helpers/payload'

const ROOT = path.resolve(import.meta.dirname, '../..')

/**
 * Issue 25, finding 11: `/api/media/file/nope.png` was a 500 with an ERROR line holding the decoded
 * name (`%0a` wrote a line of the caller's choosing into the log), `%00` a 500 with a stack trace.
 * File names no file has are 404 and names with control characters 400, in Payload's error shape,
 * without a log line (`src/server/uploadFiles.ts`); and no logged value can start a line of its own
 * (`src/server/logger.ts`).
 */
describe('file names of uploads', () => {
  let payload: Payload
  let server: TestServer
  let shown: string
  let hidden: string
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  )
  const upload = async () => {
    const doc = await payload.create({
      collection: 'media',
      data: { alt: 'A poster' } as never,
      file: { data: png, mimetype: 'image/png', name: `${unique('named')}.png`, size: png.length },
    })
    return doc as unknown as { filename: string; id: number }
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    server = await serveAllApis(payload)
    shown = (await upload()).filename
    const poster = await upload()
    hidden = poster.filename
    // Used only by a draft: a visitor may not read it (`src/access/images.ts`).
    await payload.create({
      collection: 'events',
      data: {
        title: unique('Draft with poster'),
        startDate: '2027-09-01T10:00:00Z',
        endDate: '2027-09-01T11:00:00Z',
        image: poster.id,
        status: 'draft',
      } as never,
    })
  })
  afterAll(() => server?.close())

  it('answers a name no file has with 404, a name with a control character with 400, in Payload’s error shape, and logs no error', async () => {
    const logged: unknown[] = []
    const error = payload.logger.error
    payload.logger.error = ((...args: unknown[]) => void logged.push(args)) as typeof error
    try {
      expect((await fetch(`${server.url}/api/media/file/${shown}`)).status).toBe(200)
      // A hidden image's file answers as one that does not exist: its name tells nothing.
      for (const name of ['nope.png', `${'a'.repeat(300)}.png`, '..%2f..%2fetc%2fpasswd', hidden]) {
        const response = await fetch(`${server.url}/api/media/file/${name}`)
        expect(response.status, name).toBe(404)
        expect(await response.json(), name).toEqual({ errors: [{ message: 'Not Found' }] })
      }
      for (const name of [
        'nope%0aFORGED%20line.png',
        'nope%0D%0A.png',
        'a%00b.png',
        '%00',
        'tab%09.png',
        'escape%1b.png',
      ]) {
        const response = await fetch(`${server.url}/api/media/file/${name}`)
        expect(response.status, name).toBe(400)
        expect(await response.json(), name).toEqual({ errors: [{ message: 'Invalid filename.' }] })
      }
      expect(
        (await fetch(`${server.url}/api/media/file/nope.png`, { method: 'HEAD' })).status,
      ).toBe(404)
    } finally {
      payload.logger.error = error
    }
    expect(logged).toEqual([])
  })

  it.each(['text', 'json'])(
    'escapes line ends and control characters in every logged value (LOG_FORMAT=%s)',
    async (format) => {
      const output = await new Promise<string>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ['--import', './src/server/register.mjs', 'test/helpers/logLines.ts'],
          {
            cwd: ROOT,
            env: { ...process.env, LOG_FORMAT: format, LOG_LEVEL: 'info' },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        )
        let text = ''
        child.stdout!.on('data', (chunk) => (text += chunk))
        child.stderr!.on('data', (chunk) => (text += chunk))
        child.on('error', reject)
        child.on('exit', (code) =>
          code === 0 ? resolve(text) : reject(new Error(`exit ${code}: ${text}`)),
        )
      })

      const plain = output.replace(/\u001b\[[0-9;]*m/g, '')
      const lines = plain.split('\n').filter(Boolean)
      expect(plain).toContain('FORGED line from the message')
      for (const line of lines) expect(line, line).not.toMatch(/^\s*FORGED/)
      expect(plain).not.toContain('\u2028')
      expect(plain).not.toContain('\u001b[2J')
      if (format === 'json') {
        const entries = lines.map((line) => JSON.parse(line) as { msg: string; path?: string })
        expect(entries.map((entry) => entry.msg)).toEqual([
          'File nope.png\\nFORGED line from the message',
          'GET /a\\rFORGED line after a carriage return',
          'formatted\\nFORGED line from an argument and an escape \\u001b[2J',
        ])
        expect(entries[1]!.path).toBe('/api/media/file/a\\r\\nFORGED line from a value')
      } else {
        expect(lines.filter((line) => /^\[\d\d:\d\d:\d\d\]/.test(line))).toHaveLength(3)
        expect(plain).toContain('File nope.png\\nFORGED line from the message')
      }
    },
  )
})
