import type { Browser, Page } from 'playwright-core'

import { beforeAll, describe, expect, it } from 'vitest'

import { driveE2eApp, E2E_ADMIN as ADMIN, newPage, signInByApi } from '../e2e/browser'

/*
 * Spreadsheets in (issue 27, part 3; docs/spreadsheets.md): an editor opens "Import CSV" from the
 * events list, uploads a file whose first column is not named as The Events Calendar names it,
 * sees its first rows, reads that column as the event's name, runs a dry run, then imports.
 */
const RUN = Date.now().toString(36)

describe.skipIf(process.env.SKIP_E2E === '1')(
  'the admin’s CSV import',
  { timeout: 180_000 },
  () => {
    let base: string
    let browser: Browser
    let page: Page
    const editor = {
      email: `csv-editor-${RUN}@example.test`,
      password: `csv-editor-password-${RUN}`,
    }

    driveE2eApp('csv-import', {
      page: () => page,
      started: (app) => ({ base, browser } = app),
    })

    beforeAll(async () => {
      const login = await fetch(`${base}/api/users/login`, {
        body: JSON.stringify(ADMIN),
        headers: { 'Content-Type': 'application/json' },
        method: 'POST',
      })
      const { token } = (await login.json()) as { token: string }
      const created = await fetch(`${base}/api/users`, {
        body: JSON.stringify({ ...editor, role: 'editor', username: `csv-editor-${RUN}` }),
        headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
        method: 'POST',
      })
      expect(created.status).toBe(201)
    }, 600_000)

    it('uploads a CSV, shows its first rows, maps a column, and imports after a dry run', async () => {
      page = await newPage(browser)
      await signInByApi(page, base, editor.email, editor.password)
      await page.goto(`${base}/admin/collections/events`)
      await page.getByRole('link', { name: 'Import CSV' }).click()
      await page.waitForURL((url) => url.pathname === '/admin/import-csv')

      const csv = `Title,Event Start Date,Event Start Time\r\nSpreadsheet night ${RUN},2027-11-05,19:30\r\n`
      await page
        .locator('input[name="file"]')
        .setInputFiles({ buffer: Buffer.from(csv), mimeType: 'text/csv', name: 'events.csv' })
      const preview = page.locator('.csv-import__preview')
      await expect
        .poll(() => preview.locator('tbody td').nth(1).textContent())
        .toBe(`Spreadsheet night ${RUN}`)
      // "Title" is no column of the original's: not imported until the editor says what it is.
      const first = preview.getByRole('combobox', { name: 'Title' })
      expect(await first.inputValue()).toBe('')
      expect(await preview.getByRole('combobox', { name: 'Event Start Date' }).inputValue()).toBe(
        'event_start_date',
      )
      await first.selectOption('event_name')

      await page.getByRole('button', { name: 'Dry run' }).click()
      const status = page.locator('.csv-import__report [role="status"]')
      await expect
        .poll(() => status.textContent())
        .toBe('Dry run: nothing was written. 1 created, 0 updated, 0 failed.')
      const find = async () =>
        (
          await (
            await page.request.get(
              `${base}/api/events?where[title][equals]=${encodeURIComponent(`Spreadsheet night ${RUN}`)}&depth=0`,
            )
          ).json()
        ).docs as { startDate: string }[]
      expect(await find()).toHaveLength(0)

      await page.getByRole('button', { name: 'Import', exact: true }).click()
      await expect.poll(() => status.textContent()).toBe('1 created, 0 updated, 0 failed.')
      const docs = await find()
      expect(docs).toHaveLength(1)
      // 19:30 in the site's timezone (the app's default, UTC, in the browser tier).
      expect(docs[0]!.startDate).toMatch(/T\d{2}:30:00\.000Z$/)
    })
  },
)
