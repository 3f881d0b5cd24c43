import type { Browser } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { launchChromium, newPage, screenshot, untilHydrated } from '../e2e/browser'
import { freshDatabase } from '../helpers/freshDatabase'
import { basic } from '../helpers/http'
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess'

/*
 * A new site's first account, in a real browser against the real server on an empty database:
 * the first-user form asks for no role (the account is made administrator anyway) and shows no
 * unlabeled API-key checkbox. Helpers as in `admin.e2e.test.ts`.
 */
describe.skipIf(process.env.SKIP_E2E === '1' || Boolean(process.env.E2E_BASE_URL))(
  'a new site’s first-user form in a browser',
  { timeout: 180_000 },
  () => {
    const database = freshDatabase('e2e_first_user')
    let server: ServerProcess | undefined
    let browser: Browser

    beforeAll(async () => {
      await database.create()
      server = await startServerProcess({ databaseUrl: database.url })
      browser = await launchChromium()
    }, 600_000)

    afterAll(async () => {
      await browser?.close()
      await server?.stop()
      await database.drop()
    })

    it('asks for no role and no API key, and makes the account the site’s administrator', async () => {
      const page = await newPage(browser)
      await page.goto(`${server!.base}/admin/create-first-user`)
      await page.locator('#field-email').waitFor()
      expect(await page.locator('#field-role').count()).toBe(0)
      // Payload renders the API key's fields there; they stay out of sight.
      await page.locator('#field-hasAPIKey').waitFor({ state: 'attached' })
      for (const hidden of ['#field-apiKey', '#field-hasAPIKey'])
        expect(await page.locator(hidden).isVisible()).toBe(false)
      expect(await page.locator('form').first().innerText()).not.toMatch(/Subscriber|API Key/)
      await screenshot(page, 'first-user-form')

      const account = { email: 'first@example.test', password: 'first-password-1' }
      // Typed and sent only once the form has settled: with the form's first requests still
      // under way, the click sent nothing (the form stayed, no account was made).
      await untilHydrated(page, '#field-confirm-password')
      await page.waitForLoadState('networkidle')
      await page.fill('#field-email', account.email)
      await page.fill('#field-username', 'first')
      await page.fill('#field-password', account.password)
      await page.fill('#field-confirm-password', account.password)
      await page.click('form button[type="submit"]')
      await page.waitForURL((url) => /\/admin\/?$/.test(url.pathname))
      const me = await (
        await fetch(`${server!.base}/api/users/me`, {
          headers: basic(account.email, account.password),
        })
      ).json()
      expect(me.user.role).toBe('administrator')
      await page.context().close()
    })
  },
)
