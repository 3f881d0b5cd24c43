import type { Browser, Page } from 'playwright-core'

import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { plainDoc } from '../../src/lib/plainDoc'
import { launchChromium, newPage } from '../e2e/browser'
import { serveAllApis, type TestServer } from '../helpers/http'
import { as, createUser, getTestPayload, unique } from '../helpers/payload'

type Fetched = { body: unknown; headers: Record<string, null | string>; status: number }

/**
 * A web app on another origin, in a real browser, using the compatibility API as it uses
 * WordPress's: it reads lists without signing in, and writes with an application password in
 * an Authorization header (which makes the browser send a CORS preflight first). The browser
 * enforces CORS: an answer it may not read fails the page's fetch.
 */
describe.skipIf(process.env.SKIP_E2E === '1')(
  'a page on another origin using the API in a browser',
  { timeout: 120_000 },
  () => {
    let api: TestServer
    let site: http.Server
    let siteOrigin: string
    let browser: Browser
    let page: Page
    let applicationPassword: string
    let login: string

    beforeAll(async () => {
      const payload = await getTestPayload()
      api = await serveAllApis(payload)
      const editor = await createUser(payload, 'editor')
      login = editor.username
      const issued = await payload
        .create({
          collection: 'application-passwords',
          data: { name: 'Web app' } as never,
          ...as(editor),
        })
        .then(plainDoc)
      applicationPassword = String(issued.password)
      // The other origin: another port is another origin to the browser.
      site = http.createServer((_, res) =>
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!doctype html><title>Events app</title><p>app</p>'),
      )
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
      siteOrigin = `http://127.0.0.1:${(site.address() as { port: number }).port}`
      browser = await launchChromium()
      page = await newPage(browser)
      await page.goto(siteOrigin)
    })

    afterAll(async () => {
      await browser?.close()
      await new Promise((resolve) => site?.close(resolve))
      await api?.close()
    })

    /** `fetch` from the page: what the app's own code would get, or the browser's refusal. */
    const fetchInPage = (
      url: string,
      init: { body?: string; headers?: Record<string, string>; method?: string } = {},
    ) =>
      page.evaluate(
        async ({ init, url }): Promise<Fetched | { refused: string }> => {
          try {
            const response = await fetch(url, init)
            const headers: Record<string, null | string> = {}
            for (const name of [
              'x-wp-total',
              'x-wp-totalpages',
              'x-tec-total',
              'link',
              'content-type',
            ])
              headers[name] = response.headers.get(name)
            return { body: await response.json(), headers, status: response.status }
          } catch (error) {
            return { refused: String(error) }
          }
        },
        { init, url },
      )

    it('reads the events list without signing in; the totals come from the body, as the original’s headers are hidden from other origins', async () => {
      const answer = (await fetchInPage(
        `${api.url}/wp-json/vendor/events/v1/events?per_page=1`,
      )) as Fetched
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({
        events: expect.any(Array),
        total: expect.any(Number),
        total_pages: expect.any(Number),
      })
      expect(answer.headers.link).toContain('rel="https://api.w.org/"')
      // X-TEC-Total is not in WordPress's Access-Control-Expose-Headers: the browser hides it, as with the original.
      expect(answer.headers['x-tec-total']).toBeNull()
    })

    it('creates an event with an application password (after the browser’s preflight), and reads the refusal of a wrong one', async () => {
      const title = unique('Cross-origin concert')
      const authorization = `Basic ${Buffer.from(`${login}:${applicationPassword}`).toString('base64')}`
      const created = (await fetchInPage(`${api.url}/wp-json/vendor/events/v1/events`, {
        body: JSON.stringify({
          end_date: '2027-05-01 21:00:00',
          start_date: '2027-05-01 19:00:00',
          status: 'publish',
          title,
        }),
        headers: { authorization, 'content-type': 'application/json' },
        method: 'POST',
      })) as Fetched
      expect(created.status).toBe(201)
      expect(created.body).toMatchObject({ status: 'publish', title })

      const payload = await getTestPayload()
      const stored = await payload.find({
        collection: 'events',
        where: { title: { equals: title } },
      })
      expect(stored.totalDocs).toBe(1)

      const wrong = `Basic ${Buffer.from(`${login}:not the password`).toString('base64')}`
      const refused = (await fetchInPage(`${api.url}/wp-json/vendor/events/v1/events`, {
        body: JSON.stringify({
          end_date: '2027-05-02 21:00:00',
          start_date: '2027-05-02 19:00:00',
          title: `${title} again`,
        }),
        headers: { authorization: wrong, 'content-type': 'application/json' },
        method: 'POST',
      })) as Fetched
      expect(refused.status).toBe(401)
      expect(refused.body).toHaveProperty('code')
      expect(
        (
          await payload.find({
            collection: 'events',
            where: { title: { equals: `${title} again` } },
          })
        ).totalDocs,
      ).toBe(0)
    })
  },
)
