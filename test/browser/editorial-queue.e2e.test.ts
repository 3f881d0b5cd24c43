import type { Browser, Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import {
  driveE2eApp,
  E2E_ADMIN as ADMIN,
  newPage,
  restInPage,
  screenshot,
  signIn,
} from '../e2e/browser'

/*
 * The dashboard's editorial queue (src/admin/EditorialQueue.tsx): the events awaiting review, the
 * drafts and the scheduled ones, each counted and linked to the events list on that status. On an
 * app shared with other files (test/e2e/sharedApps.ts): its items are named with its run.
 */
describe.skipIf(process.env.SKIP_E2E === '1')(
  'the dashboard’s editorial queue',
  { timeout: 180_000 },
  () => {
    let base: string
    let browser: Browser
    let page: Page
    const run = `Queue ${Date.now().toString(36)}`

    driveE2eApp('editorial-queue', {
      page: () => page,
      started: (app) => ({ base, browser } = app),
    })

    it('shows what awaits review, the drafts and what is scheduled, and leads to each list', async () => {
      page = await newPage(browser)
      await signIn(page, base, ADMIN.email, ADMIN.password)
      const create = async (title: string, status: string, publishedAt?: string) => {
        const answer = await restInPage(page, 'POST', `${base}/api/events`, {
          endDate: '2027-04-01T12:00:00.000Z',
          startDate: '2027-04-01T10:00:00.000Z',
          status,
          timezone: 'UTC',
          title,
          ...(publishedAt ? { publishedAt } : {}),
        })
        expect(answer.status, JSON.stringify(answer.body)).toBe(201)
      }
      await create(`${run} pending`, 'pending')
      await create(`${run} draft`, 'draft')
      // To come whether the app's clock is the tests' fixed one (2026-11-21) or the real one, and
      // before what other files sharing the app schedule (January 2027): first of the scheduled.
      await create(`${run} scheduled`, 'future', '2026-12-15T14:00:00.000Z')
      await create(`${run} published`, 'publish')

      await page.goto(`${base}/admin`)
      const section = (key: string) => page.locator(`.editorial-queue__section--${key}`)
      await section('pending').waitFor()
      expect(await page.locator('#editorial-queue-title').textContent()).toBe(
        'Calendar at a glance',
      )
      await expect.poll(() => section('pending').innerText()).toContain(`${run} pending`)
      expect(await section('draft').innerText()).toContain(`${run} draft`)
      const scheduled = await section('future').innerText()
      expect(scheduled).toContain(`${run} scheduled`)
      // In the site's zone (America/New_York in the tests).
      expect(scheduled).toMatch(/publishes Dec 15, 2026, 9:00\sAM/)
      for (const key of ['pending', 'draft', 'future'])
        expect(await section(key).innerText()).not.toContain(`${run} published`)
      await screenshot(page, 'editorial-queue-en')

      // The heading leads to the events list on that status, over every date.
      await section('pending').locator('h3 a').click()
      await page.waitForURL(/\/admin\/collections\/events\?/)
      await page.getByRole('link', { name: `${run} pending` }).waitFor()
      expect(await page.getByRole('link', { name: `${run} draft` }).count()).toBe(0)

      // An item's link opens its form.
      await page.goto(`${base}/admin`)
      await section('draft')
        .getByRole('link', { name: `${run} draft` })
        .click()
      await page.waitForURL(/\/admin\/collections\/events\/\d+/)
      await expect.poll(() => page.locator('#field-title').inputValue()).toBe(`${run} draft`)
      await page.context().close()
    })
  },
)
