import type { Browser, Page } from 'playwright-core'

import ICAL from 'ical.js'
import { beforeAll, describe, expect, it } from 'vitest'

import {
  driveE2eApp,
  dragWithMouse,
  newPage,
  pageErrors,
  restInPage as rest,
  screenshot,
  signIn,
  E2E_ADMIN as ADMIN,
} from '../e2e/browser'

/*
 * The admin calendar shows a series' occurrences (issue 26, part 6) in a real browser, against
 * the real server process and Postgres: a weekly series with one date excluded and one cancelled
 * shows as its occurrences, the cancelled one struck through; dragging one asks "this / this and
 * following / all", and "this and following" splits the series so that the compatibility API
 * and the two halves' feeds list the same instants.
 */
const RUN = Date.now().toString(36)
const TITLE = `Tuesday choir ${RUN}`

/** The instants ical.js expands a feed's series to, overrides applied. */
function feedStarts(text: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const events = calendar.getAllSubcomponents('vevent')
  const master = new ICAL.Event(events.find((event) => !event.hasProperty('recurrence-id'))!)
  for (const event of events.filter((item) => item.hasProperty('recurrence-id')))
    master.relateException(new ICAL.Event(event))
  const starts: string[] = []
  const iterator = master.iterator()
  for (let next = iterator.next(); next && starts.length < 50; next = iterator.next())
    starts.push(master.getOccurrenceDetails(next).startDate.toJSDate().toISOString())
  return starts
}

describe.skipIf(process.env.SKIP_E2E === '1')(
  'recurring events in the admin calendar',
  { timeout: 180_000 },
  () => {
    let base: string
    let browser: Browser
    let admin: Page
    let series: { id: number; slug: string }

    driveE2eApp('recurrence-calendar', {
      page: () => admin,
      started: (app) => ({ base, browser } = app),
    })

    beforeAll(async () => {
      admin = await newPage(browser)
      await signIn(admin, base, ADMIN.email, ADMIN.password)
      // Mondays at 09:00 in New York from 1 March 2027, 6 times, 8 March excluded.
      const created = await rest(admin, 'POST', `${base}/api/events`, {
        title: TITLE,
        startDate: '2027-03-01T14:00:00.000Z',
        endDate: '2027-03-01T15:00:00.000Z',
        timezone: 'America/New_York',
        status: 'publish',
        recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=6', exdates: ['2027-03-08T09:00:00'] },
      })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      series = created.body.doc
    }, 600_000)

    const entries = () => admin.locator('.fc-event', { hasText: TITLE })
    const onDay = (date: string) =>
      admin.locator(`td.fc-daygrid-day[data-date="${date}"] .fc-event`, { hasText: TITLE })

    it('shows each occurrence, a cancelled one struck through, and stays on its month when the zone changes', async () => {
      const occurrences = await rest(
        admin,
        'GET',
        `${base}/api/events/${series.id}/occurrences?from=2027-03-01&to=2027-05-01`,
      )
      const april = occurrences.body.docs.find((doc: { originalStart: string }) =>
        doc.originalStart.startsWith('2027-04-05'),
      )
      const cancelled = await rest(
        admin,
        'PATCH',
        `${base}/api/events/${series.id}/occurrences/${april.id}`,
        { status: 'cancelled' },
      )
      expect(cancelled.status).toBe(200)

      // Opened on February, then moved on to March: the zone switch below must not go back to February.
      await admin.goto(
        `${base}/admin/collections/events/calendar?locale=en&view=dayGridMonth&date=2027-02-01`,
      )
      await expect
        .poll(() => admin.locator('.fc-toolbar-title').innerText(), { timeout: 10_000 })
        .toBe('February 2027')
      await admin.click('.fc-next-button')
      for (const date of ['2027-03-01', '2027-03-15', '2027-03-22', '2027-03-29', '2027-04-05'])
        await onDay(date).waitFor()
      expect(await entries().count()).toBe(5)
      expect(await onDay('2027-03-08').count()).toBe(0)
      await expect
        .poll(() => admin.locator('.event-calendar__event--cancelled', { hasText: TITLE }).count())
        .toBe(1)
      expect(
        await admin
          .locator('.event-calendar__event--cancelled .event-calendar__event-title')
          .evaluate((element) => getComputedStyle(element).textDecorationLine),
      ).toBe('line-through')

      // Showing another zone rebuilds the calendar: on March 2027 still, not today's month.
      await admin.locator('.event-calendar__zone input').check()
      await expect
        .poll(() => admin.locator('.fc-toolbar-title').innerText(), { timeout: 10_000 })
        .toBe('March 2027')
      await onDay('2027-03-29').waitFor()
      await admin.locator('.event-calendar__zone input').uncheck()
      await expect
        .poll(() => admin.locator('.fc-toolbar-title').innerText(), { timeout: 10_000 })
        .toBe('March 2027')
    })

    it('asks which occurrences a drag moves; "this and following" splits the series, and the API and the feeds agree', async () => {
      await onDay('2027-03-22').waitFor()
      await dragWithMouse(
        admin,
        onDay('2027-03-22'),
        admin.locator('td.fc-daygrid-day[data-date="2027-03-23"]'),
      )
      const dialog = admin.getByRole('dialog')
      await dialog.waitFor()
      expect(await dialog.locator('button').allInnerTexts()).toEqual([
        'This occurrence',
        'This and following',
        'All occurrences',
        'Cancel',
      ])
      await screenshot(admin, 'recurrence-calendar-scope')
      await dialog.getByRole('button', { name: 'This and following' }).click()
      await admin.locator('.payload-toast-container').getByText(/Moved/).first().waitFor()
      await onDay('2027-03-30').waitFor()

      // Two series now: Mondays to 15 March, Tuesdays from 23 March (6 April cancelled), one group.
      const listed = await (
        await fetch(
          `${base}/wp-json/vendor/events/v1/events?post_parent=${series.id}&start_date=2027-02-01&end_date=2027-06-01`,
        )
      ).json()
      const apiStarts = (listed.events as { utc_start_date: string }[]).map(
        (item) => `${item.utc_start_date.replace(' ', 'T')}.000Z`,
      )
      expect(apiStarts).toEqual([
        '2027-03-01T14:00:00.000Z',
        '2027-03-15T13:00:00.000Z',
        '2027-03-23T13:00:00.000Z',
        '2027-03-30T13:00:00.000Z',
      ])
      const halves = await rest(
        admin,
        'GET',
        `${base}/api/events?depth=0&where[or][0][id][equals]=${series.id}&where[or][1][seriesRoot][equals]=${series.id}&sort=startDate`,
      )
      expect(halves.body.docs).toHaveLength(2)
      const feeds: string[] = []
      for (const half of halves.body.docs as { slug: string }[]) {
        const response = await fetch(`${base}/event/${half.slug}.ics`)
        expect(response.status).toBe(200)
        feeds.push(...feedStarts(await response.text()))
      }
      expect(feeds.sort()).toEqual(apiStarts)
    })

    it('threw no uncaught error in the page', () => {
      expect(pageErrors).toEqual([])
    })
  },
)
