import type { Browser, Page } from 'playwright-core'

import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

import { driveE2eApp, E2E_ADMIN as ADMIN, newPage, screenshot, signInByApi } from '../e2e/browser'

/*
 * The administrator's connections in the admin (issue 27): a webhook's secret is shown once,
 * after its creation and after "Rotate secret", and never on a later read; its delivery log is
 * on its page. A calendar source takes an .ics file from the editor's computer and runs at
 * "Run now", showing the run's log.
 */
const RUN = Date.now().toString(36)
const GOOGLE_FEED = path.resolve(import.meta.dirname, '../fixtures/ics/google.ics')

describe.skipIf(process.env.SKIP_E2E === '1')(
  'webhooks and calendar sources in the admin',
  { timeout: 180_000 },
  () => {
    let base: string
    let browser: Browser
    let page: Page

    // The webhook's target is this machine, which only a listed host may be; the server runs
    // the job queue (startE2eApp), which Run now needs.
    driveE2eApp('webhooks', {
      env: { WEBHOOK_HOSTS: '127.0.0.1' },
      page: () => page,
      started: (app) => ({ base, browser } = app),
    })

    it('shows a new webhook’s secret once, a rotated one once, and its delivery log', async () => {
      page = await newPage(browser)
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
      await signInByApi(page, base, ADMIN.email, ADMIN.password)
      await page.goto(`${base}/admin/collections/webhooks/create`)
      await page.locator('#field-url').fill(`http://127.0.0.1:9/hooks/${RUN}`)
      await page.locator('#field-events .rs__control').click()
      await page.locator('.rs__option', { hasText: /^event\.published$/ }).click()
      await page.click('#action-save')
      await page.waitForURL((url) => /\/webhooks\/\d+$/.test(url.pathname))
      const shown = page.locator('.webhook-secret__value')
      await expect.poll(() => shown.textContent()).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/)
      const secret = (await shown.textContent())!
      await expect(page.getByText('it will not be shown again').isVisible()).resolves.toBe(true)
      await page.locator('.webhook-secret__issued .copy-to-clipboard').click()
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
      await screenshot(page, 'webhook-secret-shown-once')
      const id = new URL(page.url()).pathname.split('/').pop()!

      // Not on a later read of the page, nor in the list, nor in the API's answers.
      await page.reload()
      await page.locator('.webhook-secret__rotate').waitFor()
      expect(await page.locator('.webhook-secret__value').count()).toBe(0)
      expect(await page.content()).not.toContain(secret)
      await page.goto(`${base}/admin/collections/webhooks`)
      await page.locator('.table').waitFor()
      expect(await page.content()).not.toContain(secret)
      const reads = await page.evaluate(async (id) => {
        const rest = await (await fetch(`/api/webhooks/${id}`, { credentials: 'include' })).text()
        const graphql = await fetch('/api/graphql', {
          body: JSON.stringify({ query: '{ Webhooks { docs { id url } } }' }),
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          method: 'POST',
        })
        return `${rest}\n${await graphql.text()}`
      }, id)
      expect(reads).toContain(`/hooks/${RUN}`)
      expect(reads).not.toContain('whsec_')

      // "Rotate secret": a new one, shown once.
      await page.goto(`${base}/admin/collections/webhooks/${id}`)
      page.once('dialog', (dialog) => void dialog.accept())
      await page.locator('.webhook-secret__rotate').click()
      await expect.poll(() => shown.textContent()).toMatch(/^whsec_/)
      const rotated = (await shown.textContent())!
      expect(rotated).not.toBe(secret)
      await page.reload()
      await page.locator('.webhook-secret__rotate').waitFor()
      expect(await page.content()).not.toContain(rotated)

      // A published event is a delivery in the webhook's log.
      const title = `Hooked ${RUN}`
      const made = await page.evaluate(async (title) => {
        const response = await fetch('/api/events', {
          body: JSON.stringify({
            endDate: '2027-03-01T12:00:00.000Z',
            startDate: '2027-03-01T10:00:00.000Z',
            status: 'publish',
            title,
          }),
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          method: 'POST',
        })
        return response.status
      }, title)
      expect(made).toBe(201)
      await page.reload()
      const log = page.locator('#field-deliveries')
      await expect.poll(() => log.textContent(), { timeout: 20_000 }).toContain('event.published')
      await screenshot(page, 'webhook-delivery-log')
      await page.context().close()
    })

    it('reads an .ics file into a calendar source, runs it now and shows the run’s log', async () => {
      page = await newPage(browser)
      await signInByApi(page, base, ADMIN.email, ADMIN.password)
      await page.goto(`${base}/admin/collections/calendar-sources/create`)
      await page.locator('#field-name').fill(`Partners ${RUN}`)
      const file = page.locator('.ics-file__input')

      // A file that is not a calendar, or is too large, is refused before anything is filled in.
      await file.setInputFiles({
        buffer: Buffer.from('not a calendar'),
        mimeType: 'text/calendar',
        name: 'notes.ics',
      })
      await page.getByText('is not an iCalendar file').waitFor()
      await file.setInputFiles({
        buffer: Buffer.alloc(2 * 1024 * 1024, 'A'),
        mimeType: 'text/calendar',
        name: 'huge.ics',
      })
      await page.getByText('This file is larger than').waitFor()
      expect(await page.locator('#field-ics').inputValue()).toBe('')

      const text = fs.readFileSync(GOOGLE_FEED, 'utf8')
      await file.setInputFiles(GOOGLE_FEED)
      await page.getByText('google.ics read').waitFor()
      // A text area holds its lines with LF alone, as the form then sends them.
      expect(await page.locator('#field-ics').inputValue()).toBe(text.replace(/\r\n/g, '\n'))
      await page.click('#action-save')
      await page.waitForURL((url) => /\/calendar-sources\/\d+$/.test(url.pathname))

      await page.locator('.calendar-source-run__button').click()
      const outcome = page.locator('.calendar-source-run__outcome')
      await outcome.waitFor({ timeout: 60_000 })
      expect(await outcome.textContent()).toContain('The run succeeded.')
      expect(await page.locator('.calendar-source-run__log').textContent()).toMatch(
        /^\d+ created, 0 updated/,
      )
      await screenshot(page, 'calendar-source-run-now')
      await page.context().close()
    })
  },
)
