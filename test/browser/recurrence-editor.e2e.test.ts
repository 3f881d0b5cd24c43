import type { Browser, Page } from 'playwright-core'

import { beforeAll, describe, expect, it } from 'vitest'

import {
  driveE2eApp,
  newPage,
  pageErrors,
  restInPage as rest,
  screenshot,
  signIn,
  E2E_ADMIN as ADMIN,
} from '../e2e/browser'

/*
 * The recurrence editor of the event form (issue 26, part 6) in a real browser, against the real
 * server process and Postgres: an editor makes an event a weekly series, reads its summary and
 * preview, excludes one date by clicking it and saves; Payload's REST then has the rule and the
 * exclusion the editor chose.
 */
const RUN = Date.now().toString(36)

describe.skipIf(process.env.SKIP_E2E === '1')(
  'the recurrence editor in a browser',
  { timeout: 180_000 },
  () => {
    let base: string
    let browser: Browser
    let admin: Page
    let eventId: number

    driveE2eApp('recurrence', {
      page: () => admin,
      started: (app) => ({ base, browser } = app),
    })

    beforeAll(async () => {
      admin = await newPage(browser)
      await signIn(admin, base, ADMIN.email, ADMIN.password)
      // The event itself, as an editor left it before making it repeat: Monday 1 March 2027, 09:00 in New York.
      const created = await rest(admin, 'POST', `${base}/api/events`, {
        title: `Morning yoga ${RUN}`,
        startDate: '2027-03-01T14:00:00.000Z',
        endDate: '2027-03-01T15:00:00.000Z',
        timezone: 'America/New_York',
      })
      expect(created.status).toBe(201)
      eventId = (created.body as { doc: { id: number } }).doc.id
    }, 600_000)

    /** The event's form, once React has taken over the page: a choice made before then is lost. */
    async function open() {
      await admin.goto(`${base}/admin/collections/events/${eventId}?locale=en`)
      await admin.waitForLoadState('networkidle')
    }
    const field = (name: string) => admin.locator(`#field-recurrence-${name}`)
    const summary = () => admin.locator('.recurrence-field__summary').innerText()
    const previewDates = () => admin.locator('.recurrence-field__preview [data-date]')

    it('makes a weekly series on Monday and Wednesday, 6 times, and words it and lists its dates as they change', async () => {
      await open()
      await field('repeat').selectOption('weekly')
      // The start's weekday is chosen already; the editor adds Wednesday.
      await expect.poll(() => field('day-MO').isChecked()).toBe(true)
      await expect.poll(summary).toBe('Every Monday at 09:00')
      await field('day-WE').check()
      await field('ends-count').check()
      await field('count').fill('6')
      await expect.poll(summary).toBe('Every Monday and Wednesday at 09:00, 6 times')
      expect(
        await previewDates().evaluateAll((buttons) =>
          buttons.map((button) => button.getAttribute('data-date')),
        ),
      ).toEqual([
        '2027-03-01T09:00:00',
        '2027-03-03T09:00:00',
        '2027-03-08T09:00:00',
        '2027-03-10T09:00:00',
        '2027-03-15T09:00:00',
        '2027-03-17T09:00:00',
      ])
      // In the editor's language and the event's zone (09:00 New York), not the browser's clock.
      expect(await previewDates().first().innerText()).toContain('Monday, March 1, 2027')
      // The first date is the event's own start: it cannot be excluded.
      expect(await previewDates().first().isDisabled()).toBe(true)
    })

    it('shows a refusal next to its choice, in the editor’s language', async () => {
      await field('count').fill('1001')
      await expect
        .poll(() => admin.locator('#field-recurrence-error-ending').innerText())
        .toBe('The number of times must be from 1 to 1,000.')
      await field('count').fill('6')
      await expect.poll(() => admin.locator('#field-recurrence-error-ending').count()).toBe(0)
    })

    it('excludes a date when the editor clicks it, and saves the rule and the exclusion', async () => {
      const date = admin.locator('.recurrence-field__preview [data-date="2027-03-08T09:00:00"]')
      await date.click()
      await expect.poll(() => date.getAttribute('aria-pressed')).toBe('true')
      await expect
        .poll(summary)
        .toBe('Every Monday and Wednesday at 09:00, 6 times, except on 1 date')
      await screenshot(admin, 'recurrence-editor')

      const written = admin.waitForResponse(
        (response) =>
          response.request().method() === 'PATCH' &&
          new URL(response.url()).pathname === `/api/events/${eventId}`,
      )
      await admin.click('#action-save')
      expect((await written).status()).toBe(200)

      const read = await rest(admin, 'GET', `${base}/api/events/${eventId}?depth=0`)
      expect(read.status).toBe(200)
      expect((read.body as { recurrence: unknown }).recurrence).toMatchObject({
        rule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6',
        exdates: ['2027-03-08T09:00:00'],
      })
      // The series the server stored from it: six dates less the one excluded.
      const occurrences = await rest(
        admin,
        'GET',
        `${base}/api/events/${eventId}/occurrences?from=2027-01-01&to=2028-01-01`,
      )
      expect(occurrences.status).toBe(200)
      const starts = (occurrences.body as { docs: { originalStart: string }[] }).docs.map(
        (doc) => doc.originalStart,
      )
      expect(starts).toHaveLength(5)
      expect(starts.some((start) => start.startsWith('2027-03-08'))).toBe(false)
    })

    it('opens the saved series on the same choices', async () => {
      await open()
      await expect.poll(() => field('repeat').inputValue()).toBe('weekly')
      expect(await field('day-WE').isChecked()).toBe(true)
      expect(await field('count').inputValue()).toBe('6')
      await expect
        .poll(summary)
        .toBe('Every Monday and Wednesday at 09:00, 6 times, except on 1 date')
      expect(
        await admin
          .locator('.recurrence-field__preview [data-date="2027-03-08T09:00:00"]')
          .getAttribute('aria-pressed'),
      ).toBe('true')
    })

    it('threw no uncaught error in the page', () => {
      expect(pageErrors).toEqual([])
    })
  },
)
