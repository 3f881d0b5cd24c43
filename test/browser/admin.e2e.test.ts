import type { Browser, Page } from 'playwright-core'

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import {
  claimSharedApp,
  dragWithMouse,
  failureScreenshot,
  E2E_ADMIN as ADMIN,
  launchChromium,
  newPage,
  pageErrors,
  screenshot,
  signIn,
  signInByApi,
} from '../e2e/browser'
import { lexicalParagraph } from '../helpers/lexical'
import { basic } from '../helpers/http'

/*
 * The editor's side in a real browser: Chromium (`CHROMIUM_PATH`, the headless shell from npm, or
 * the system's, `e2e/findChromium.ts`) driven by playwright-core, against the
 * real server process (production build of the admin panel, real Postgres). E2E_BASE_URL points
 * these tests at a server that is already running (with E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD).
 */
const RUN = Date.now().toString(36)
const CONTRIBUTOR = {
  email: `contributor-${RUN}@example.test`,
  password: 'contributor-password-1',
  username: `contributor${RUN}`,
}
const EVENT = { fr: `Jazz sur le quai ${RUN}`, title: `Jazz on the Quay ${RUN}` }
const VENUE = `Quay Stage ${RUN}`
const ORGANIZER = `Harbour Jazz Club ${RUN}`
const CATEGORY = `Concerts ${RUN}`
const TAG = `outdoor-${RUN}`

describe.skipIf(process.env.SKIP_E2E === '1')(
  'the admin panel in a browser',
  { timeout: 180_000 },
  () => {
    let app: Awaited<ReturnType<typeof claimSharedApp>> | undefined
    let base: string
    let browser: Browser
    let admin: Page
    let eventId: string

    beforeAll(async () => {
      // Shared with other browser files, as E2E_BASE_URL's server may hold others' data: each
      // item this file makes or looks for is named with its run.
      app = await claimSharedApp()
      base = app.base
      browser = await launchChromium()
      admin = await newPage(browser)
      await signIn(admin, base, ADMIN.email, ADMIN.password)
    }, 600_000)

    // What the editor saw when a step failed, kept with the other screenshots.
    afterEach(async ({ task }) => {
      if (task.result?.state === 'fail' && admin)
        await failureScreenshot(admin, `failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`)
    })

    afterAll(async () => {
      await browser?.close()
      await app?.stop()
    })

    /** Creates a related item through the relationship field's "add new" drawer, as an editor does. */
    async function addThroughDrawer(page: Page, field: string, name: string) {
      await page.click(`#field-${field} .relationship-add-new__add-button`)
      const drawer = page.locator('.drawer--is-open').last()
      await drawer.locator('#field-name').fill(name)
      await drawer.locator('#action-save').click()
      await expect
        .poll(() => page.locator(`#field-${field}`).innerText(), { timeout: 20_000 })
        .toContain(name)
      // The drawer closes by itself once the item is created, the new item selected.
      await drawer.waitFor({ state: 'detached' })
    }

    async function typeDate(page: Page, field: string, text: string) {
      const input = page.locator(`#field-${field} input`)
      await input.click()
      await input.fill(text)
      await input.press('Escape')
      await closeDatePickers(page)
    }

    /**
     * No date picker left open over the form: one that a change of another field opened again
     * would cover what the test clicks next. A click outside closes it, as it does for an editor.
     */
    async function closeDatePickers(page: Page) {
      const popup = page.locator('.react-datepicker-popper')
      for (let attempt = 0; attempt < 5 && (await popup.count()) > 0; attempt++) {
        await page
          .locator('.doc-header, .render-title, h1')
          .first()
          .click({ position: { x: 1, y: 1 } })
          .catch(() => undefined)
        await popup
          .first()
          .waitFor({ state: 'detached', timeout: 2_000 })
          .catch(() => undefined)
      }
    }

    /** Saves the form and waits for its write to be answered (an earlier save's toast may still be showing). */
    async function save(page: Page) {
      const written = page.waitForResponse(
        (response) =>
          ['PATCH', 'POST'].includes(response.request().method()) &&
          /\/api\/(?!payload-)[a-z-]+(\/\d+)?(\?|$)/.test(new URL(response.url()).pathname + '?'),
      )
      await page.click('#action-save')
      await written
      await page
        .locator('.payload-toast-container')
        .getByText(/successfully/i)
        .first()
        .waitFor()
    }

    it('creates an event with a new venue, organizer, category and tag, in the event’s timezone', async () => {
      await admin.goto(`${base}/admin/collections/events/create?locale=en`)
      await admin.fill('#field-title', EVENT.title)

      // The zone first: the dates below are then read as Paris wall-clock times, whatever the browser's zone.
      // The option is clicked by its exact name, not taken with Enter: keys typed while the form was
      // still being made interactive can be lost, and Enter then takes another zone (a run picked
      // Europe/Isle of Man); a lost key now only means typing the name again.
      await vi.waitFor(
        async () => {
          await admin.click('#field-timezone .rs__control')
          await admin.keyboard.press('ControlOrMeta+A')
          await admin.keyboard.type('Europe/Paris')
          await admin
            .locator('.rs__option', { hasText: /^Europe\/Paris$/ })
            .click({ timeout: 3_000 })
        },
        { interval: 500, timeout: 30_000 },
      )
      await expect
        .poll(() => admin.locator('#field-timezone').innerText())
        .toContain('Europe/Paris')

      await typeDate(admin, 'startDate', 'Dec 12, 2026 7:00 PM')
      await typeDate(admin, 'endDate', 'Dec 12, 2026 10:30 PM')
      await addThroughDrawer(admin, 'venue', VENUE)
      await addThroughDrawer(admin, 'organizers', ORGANIZER)
      await addThroughDrawer(admin, 'categories', CATEGORY)
      await addThroughDrawer(admin, 'tags', TAG)
      await screenshot(admin, 'event-form')
      await save(admin)
      await admin.waitForURL(/\/admin\/collections\/events\/\d+/)
      eventId = admin.url().match(/events\/(\d+)/)![1]!

      // Saved as a draft, so the public API does not have it yet.
      expect((await fetch(`${base}/wp-json/vendor/events/v1/events/${eventId}`)).status).not.toBe(
        200,
      )
    })

    it('translates the event into French from the admin locale switch', async () => {
      await admin.goto(`${base}/admin/collections/events/${eventId}?locale=fr`)
      await admin.fill('#field-title', EVENT.fr)
      await save(admin)

      await admin.goto(`${base}/admin/collections/events?locale=en`)
      const row = admin.locator('tr', { hasText: EVENT.title })
      await expect
        .poll(() => row.locator('.translation-status').getAttribute('data-missing'))
        .toBe('es')
    })

    it('shows the translation badges as they are after saving French, without a reload', async () => {
      const token = await apiToken(base, ADMIN.email, ADMIN.password)
      const created = await fetch(`${base}/api/events`, {
        body: JSON.stringify({
          title: `Badges ${RUN}`,
          startDate: '2026-12-18T19:00:00Z',
          endDate: '2026-12-18T21:00:00Z',
          timezone: 'Europe/Paris',
        }),
        headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
        method: 'POST',
      })
      const { doc } = await created.json()
      await admin.goto(`${base}/admin/collections/events/${doc.id}?locale=fr`)
      const badges = admin.locator('.translation-status-field .translation-status')
      await expect.poll(() => badges.getAttribute('data-missing')).toBe('fr es')
      await admin.fill('#field-title', `Badges (fr) ${RUN}`)
      await save(admin)
      await expect.poll(() => badges.getAttribute('data-missing')).toBe('es')
    })

    it('opens a new sign-in on the default content language, and never shows “Locale: undefined”', async () => {
      // The admin picked French above (`?locale=fr`); a new session starts in English again.
      const page = await newPage(browser)
      // Anything the locale switch shows while it knows no locale, visible to the editor.
      await page.addInitScript(() => {
        const seen: string[] = ((window as unknown as { localeLabels: string[] }).localeLabels = [])
        new MutationObserver(() => {
          for (const label of document.querySelectorAll<HTMLElement>('.localizer-button')) {
            if (!label.dataset.locale)
              seen.push(
                getComputedStyle(label).visibility === 'hidden' ? 'hidden' : label.innerText,
              )
          }
        }).observe(document, { childList: true, subtree: true })
      })
      await page.goto(
        `${base}/admin/login?redirect=${encodeURIComponent('/admin/collections/events')}`,
      )
      await page.fill('input[name="username"]', ADMIN.email)
      await page.fill('input[name="password"]', ADMIN.password)
      await page.click('button[type="submit"]')
      await page.waitForURL(/\/admin\/collections\/events/)
      await expect
        .poll(() =>
          page.locator('.localizer-button[data-locale]').first().getAttribute('data-locale'),
        )
        .toBe('en')
      const labels = await page.evaluate(
        () => (window as unknown as { localeLabels: string[] }).localeLabels,
      )
      expect(labels.filter((label) => label !== 'hidden')).toEqual([])
      await page.context().close()
    })

    it('speaks French to an editor whose browser is in French: Payload’s words and the calendar’s', async () => {
      const page = await newPage(browser, 'Europe/Paris', 'fr-FR')
      await signIn(page, base, ADMIN.email, ADMIN.password)
      await page.goto(`${base}/admin/collections/events?locale=en`)
      await page.locator('.status-views').waitFor()
      const list = await page.locator('body').innerText()
      // Payload's own navigation and the plugin's collections, views and filters.
      // The navigation's group (the navigation may be folded away, so its text is read as it is).
      expect(
        await page.locator('.nav-group__label, .nav-group__toggle').allTextContents(),
      ).toContain('Calendrier')
      for (const words of [
        'Évènements',
        'Tous',
        'À venir',
        'Passés',
        'Toutes les dates',
        'Vue calendrier',
        'Exporter en .ics',
        'Catégorie',
      ]) {
        expect(list).toContain(words)
      }
      for (const english of [
        'Upcoming',
        'All dates',
        'Calendar view',
        'Export .ics',
        'Status views',
      ])
        expect(list).not.toContain(english)
      await screenshot(page, 'admin-french-list')

      await page.goto(`${base}/admin/collections/events/${eventId}?locale=en`)
      await page.locator('#field-startDate input').waitFor()
      await page.locator('.translation-status-field .translation-status').waitFor()
      await screenshot(page, 'admin-french-form')
      const form = await page.locator('body').innerText()
      for (const words of [
        'Titre',
        'Quand',
        'Début',
        'Fin',
        'Fuseau horaire',
        'Toute la journée',
        'Où et qui',
        'Lieu',
        'Mettre à la corbeille',
        'Traductions',
        'Sauvegarder',
      ]) {
        expect(form).toContain(words)
      }
      for (const english of [
        'Where and who',
        'Move to trash',
        'Translations',
        'Publication date',
        'Timezone',
      ])
        expect(form).not.toContain(english)

      await page.goto(`${base}/admin/collections/events/calendar?locale=en`)
      await page.locator('.fc-toolbar-title').waitFor()
      const calendar = await page.locator('.event-calendar').innerText()
      expect(calendar).toContain('Évènements : calendrier')
      expect(calendar).toContain('Vue liste')
      expect(calendar.toLowerCase()).toContain('aujourd')
      await screenshot(page, 'admin-french-calendar')
      await page.context().close()
    })

    it('speaks Spanish to an editor whose browser is in Spanish', async () => {
      const page = await newPage(browser, 'Europe/Madrid', 'es-ES')
      await signIn(page, base, ADMIN.email, ADMIN.password)
      await page.goto(`${base}/admin/collections/events?locale=en`)
      await page.locator('.status-views').waitFor()
      const list = await page.locator('body').innerText()
      for (const words of [
        'Eventos',
        'Próximos',
        'Todas las fechas',
        'Vista de calendario',
        'Exportar .ics',
      ])
        expect(list).toContain(words)
      for (const english of ['Upcoming', 'All dates', 'Calendar view'])
        expect(list).not.toContain(english)
      await page.goto(`${base}/admin/collections/events/${eventId}?locale=fr`)
      await page.locator('#field-startDate input').waitFor()
      await page.locator('.translation-status-field .translation-status').waitFor()
      // The rich text editor comes in after the rest of the form.
      await page.locator('label[for="field-description"]').waitFor()
      const form = await page.locator('body').innerText()
      for (const words of ['Cuándo', 'Dónde y quién', 'Traducciones', 'Mover a la papelera'])
        expect(form).toContain(words)
      for (const english of ['Where and who', 'Move to trash', 'Translations'])
        expect(form).not.toContain(english)
      // The rich text's and the category box's labels too, though an English editor opened the form first.
      expect(form).toMatch(/^Descripción/m)
      expect(form).toMatch(/^Categorías$/m)
      expect(form).not.toMatch(/^(Description|Categories)\b/m)
      // The language being edited, in the admin's language.
      await expect
        .poll(() => page.locator('.editing-language').innerText())
        .toContain('Editando: Français')
      await screenshot(page, 'admin-spanish-form')
      await page.context().close()
    })

    it('publishes it, and the French API serves the translation with its venue, organizer and terms', async () => {
      await admin.goto(`${base}/admin/collections/events/${eventId}?locale=en`)
      await admin.click('#field-status .rs__control')
      await admin.locator('.rs__option', { hasText: /^Published$/ }).click()
      await save(admin)

      const response = await fetch(`${base}/fr/wp-json/vendor/events/v1/events/${eventId}`)
      expect(response.status).toBe(200)
      const event = await response.json()
      expect(event).toMatchObject({
        categories: [expect.objectContaining({ name: CATEGORY })],
        end_date: '2026-12-12 22:30:00',
        organizer: [expect.objectContaining({ organizer: ORGANIZER })],
        start_date: '2026-12-12 19:00:00',
        status: 'publish',
        tags: [expect.objectContaining({ name: TAG })],
        timezone: 'Europe/Paris',
        title: EVENT.fr,
        utc_start_date: '2026-12-12 18:00:00',
        venue: expect.objectContaining({ venue: VENUE }),
      })
      const english = await (
        await fetch(`${base}/wp-json/vendor/events/v1/events/${eventId}`)
      ).json()
      expect(english.title).toBe(EVENT.title)
    })

    it('lists events with their start in the event’s timezone, venue and status', async () => {
      await admin.goto(`${base}/admin/collections/events?locale=en`)
      const row = admin.locator('tr', { hasText: EVENT.title })
      await expect.poll(() => row.innerText()).toContain(VENUE)
      const text = await row.innerText()
      expect(text).toMatch(/Dec 12, 2026.*7:00\s?PM/)
      expect(text).toContain('Published')
    })

    it('opens the events list on upcoming events, with End, Categories and Organizers columns; Past shows past ones', async () => {
      const token = await apiToken(base, ADMIN.email, ADMIN.password)
      const headers = { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' }
      const post = async (collection: string, data: Record<string, unknown>) =>
        (
          await (
            await fetch(`${base}/api/${collection}`, {
              body: JSON.stringify(data),
              headers,
              method: 'POST',
            })
          ).json()
        ).doc
      const venue = await post('venues', { name: `Dates Hall ${RUN}`, status: 'publish' })
      const organizer = await post('organizers', {
        name: `Dates Society ${RUN}`,
        status: 'publish',
      })
      const category = await post('event-categories', { name: `Dates Talks ${RUN}` })
      const shared = {
        categories: [category.id],
        organizers: [organizer.id],
        status: 'publish',
        venue: venue.id,
      }
      // The test clock says November 2026.
      await post('events', {
        ...shared,
        endDate: '2026-01-10T21:00:00Z',
        startDate: '2026-01-10T19:00:00Z',
        title: `Dates past ${RUN}`,
      })
      await post('events', {
        ...shared,
        endDate: '2026-12-28T21:00:00Z',
        startDate: '2026-12-28T19:00:00Z',
        title: `Dates upcoming ${RUN}`,
      })

      await admin.goto(
        `${base}/admin/collections/events?locale=en&search=${encodeURIComponent(`Dates`)}`,
      )
      const table = admin.locator('.collection-list table')
      const upcoming = admin.locator('tr', { hasText: `Dates upcoming ${RUN}` })
      await expect
        .poll(() => upcoming.innerText(), { timeout: 20_000 })
        .toContain(`Dates Hall ${RUN}`)
      const text = await upcoming.innerText()
      expect(text).toContain(`Dates Talks ${RUN}`)
      expect(text).toContain(`Dates Society ${RUN}`)
      expect(text).toMatch(/Dec 28, 2026/)
      expect(await admin.locator('tr', { hasText: `Dates past ${RUN}` }).count()).toBe(0)
      const headings = await table.locator('thead').innerText()
      for (const column of ['Start', 'End', 'Venue', 'Categories', 'Organizers', 'Status'])
        expect(headings).toContain(column)
      expect(
        await admin.locator('.event-date-views__view--upcoming').getAttribute('aria-pressed'),
      ).toBe('true')
      // The status views' counts come a moment after the rows: the screenshot waits for them.
      await expect
        .poll(() => admin.locator('.status-views').innerText(), { timeout: 15_000 })
        .toMatch(/All \(\d+\)/)
      await screenshot(admin, 'event-list')

      // The names come with the rows from the server: a browser running no script at all shows them,
      // where Payload's own cells showed "Loading..." until their second request came back.
      const plain = await browser.newContext({
        javaScriptEnabled: false,
        timezoneId: 'America/New_York',
      })
      await plain.addCookies(await admin.context().cookies())
      const noScript = await plain.newPage()
      await noScript.goto(
        `${base}/admin/collections/events?locale=en&search=${encodeURIComponent(`Dates`)}`,
      )
      const served = await noScript.locator('tr', { hasText: `Dates upcoming ${RUN}` }).innerText()
      for (const name of [`Dates Hall ${RUN}`, `Dates Talks ${RUN}`, `Dates Society ${RUN}`])
        expect(served).toContain(name)
      expect(served).not.toMatch(/Loading|No Venue/)
      await plain.close()

      await admin.locator('.event-date-views__view--past').click()
      await admin.locator('tr', { hasText: `Dates past ${RUN}` }).waitFor()
      await expect
        .poll(() => admin.locator('tr', { hasText: `Dates upcoming ${RUN}` }).count())
        .toBe(0)
      await expect
        .poll(() => admin.locator('tr', { hasText: `Dates past ${RUN}` }).innerText())
        .toContain(`Dates Hall ${RUN}`)

      await admin.locator('.event-date-views__view--all').click()
      await admin.locator('tr', { hasText: `Dates upcoming ${RUN}` }).waitFor()
      await admin.locator('tr', { hasText: `Dates past ${RUN}` }).waitFor()
    })

    it('shows the event in the calendar view, and a click opens it', async () => {
      await admin.goto(`${base}/admin/collections/events/calendar?locale=en`)
      // The test clock says November 2026; the event is in December.
      await admin.locator('.fc-toolbar-title').waitFor()
      if (!(await admin.locator('.fc-toolbar-title').innerText()).includes('December 2026')) {
        await admin.click('.fc-next-button')
      }
      await expect
        .poll(() => admin.locator('.fc-toolbar-title').innerText())
        .toContain('December 2026')
      const entry = admin.locator('.fc-event', { hasText: EVENT.title })
      await entry.waitFor()
      await screenshot(admin, 'event-calendar')
      await admin.locator('.fc-event', { hasText: EVENT.title }).click()
      await admin.waitForURL(new RegExp(`/admin/collections/events/${eventId}(\\?|$)`))
    })

    it('moves the event by dragging it to another day in the calendar', async () => {
      await admin.goto(`${base}/admin/collections/events/calendar?locale=en`)
      await admin.locator('.fc-toolbar-title').waitFor()
      if (!(await admin.locator('.fc-toolbar-title').innerText()).includes('December 2026'))
        await admin.click('.fc-next-button')
      const entry = admin.locator('.fc-event', { hasText: EVENT.title })
      await entry.waitFor()
      await dragWithMouse(admin, entry, admin.locator('td.fc-daygrid-day[data-date="2026-12-19"]'))
      await admin.locator('.payload-toast-container').getByText(/Moved/).first().waitFor()
      // A week later, at the same time in the event's own zone.
      const moved = await (await fetch(`${base}/wp-json/vendor/events/v1/events/${eventId}`)).json()
      expect(moved).toMatchObject({
        end_date: '2026-12-19 22:30:00',
        start_date: '2026-12-19 19:00:00',
        timezone: 'Europe/Paris',
      })

      // The toast's Undo puts it back where it was, and the calendar follows.
      await admin.locator('.payload-toast-container').getByRole('button', { name: 'Undo' }).click()
      await admin.locator('.payload-toast-container').getByText('Move undone.').waitFor()
      const back = async () =>
        (await (await fetch(`${base}/wp-json/vendor/events/v1/events/${eventId}`)).json())
          .start_date
      await expect.poll(back, { timeout: 10_000 }).toBe('2026-12-12 19:00:00')
      await admin
        .locator('td.fc-daygrid-day[data-date="2026-12-12"] .fc-event', { hasText: EVENT.title })
        .waitFor()
      // Moved again for the tests below, which find it on the 19th.
      await dragWithMouse(
        admin,
        admin.locator('.fc-event', { hasText: EVENT.title }),
        admin.locator('td.fc-daygrid-day[data-date="2026-12-19"]'),
      )
      await expect.poll(back, { timeout: 10_000 }).toBe('2026-12-19 19:00:00')
    })

    /** The calendar on December 2026, where the tests' events are. */
    async function calendarInDecember(page: Page) {
      await page.goto(`${base}/admin/collections/events/calendar?locale=en`)
      await page.locator('.fc-toolbar-title').waitFor()
      if (!(await page.locator('.fc-toolbar-title').innerText()).includes('December 2026'))
        await page.click('.fc-next-button')
      await expect
        .poll(() => page.locator('.fc-toolbar-title').innerText())
        .toContain('December 2026')
    }

    it('colours events by category with a legend, shows their venue, and a hover card with time, venue and status', async () => {
      await calendarInDecember(admin)
      const entry = admin.locator('.fc-event', { hasText: EVENT.title })
      await entry.waitFor()
      expect(await entry.innerText()).toContain(VENUE)
      const legend = admin.locator('.event-calendar__categories li', { hasText: CATEGORY })
      await legend.waitFor()
      const colourOf = (locator: ReturnType<Page['locator']>) =>
        locator.evaluate((el) => getComputedStyle(el).backgroundColor)
      const swatch = await colourOf(legend.locator('.event-calendar__swatch'))
      expect(await colourOf(entry)).toBe(swatch)
      // Another category's colour differs: the uncategorized swatch is not this one.
      expect(
        await colourOf(
          admin
            .locator('.event-calendar__categories li', { hasText: 'No category' })
            .locator('.event-calendar__swatch'),
        ),
      ).not.toBe(swatch)

      await entry.hover()
      const card = admin.locator('.event-calendar__hover-card')
      await card.waitFor()
      const text = await card.innerText()
      // 19:00–22:30 in Paris is 13:00–16:30 in the site's zone (New York), shown in one 24-hour format.
      for (const part of [EVENT.title, '13:00–16:30', VENUE, 'Published'])
        expect(text).toContain(part)
      await screenshot(admin, 'event-calendar-hover-card')
      await admin.mouse.move(5, 5)
      await card.waitFor({ state: 'detached' })
    })

    it('filters the calendar by category, venue, organizer and status', async () => {
      const token = await apiToken(base, ADMIN.email, ADMIN.password)
      const other = `Uncategorised ${RUN}`
      const created = await fetch(`${base}/api/events`, {
        body: JSON.stringify({
          title: other,
          startDate: '2026-12-16T18:00:00Z',
          endDate: '2026-12-16T20:00:00Z',
          status: 'draft',
        }),
        headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
        method: 'POST',
      })
      expect(created.status).toBe(201)
      await calendarInDecember(admin)
      const ours = admin.locator('.fc-event', { hasText: EVENT.title })
      const theirs = admin.locator('.fc-event', { hasText: other })
      await ours.waitFor()
      await theirs.waitFor()
      const choose = async (filter: string, option: string | RegExp) => {
        await admin.click(`#field-calendar-${filter} .rs__control`)
        await admin.locator('.rs__option', { hasText: option }).first().click()
      }
      const clear = async (filter: string) => {
        await admin.locator(`#field-calendar-${filter} .clear-indicator`).click()
        await theirs.waitFor()
      }
      for (const [filter, option] of [
        ['category', CATEGORY],
        ['venue', VENUE],
        ['organizer', ORGANIZER],
      ] as const) {
        await choose(filter, option)
        await theirs.waitFor({ state: 'detached' })
        await ours.waitFor()
        await clear(filter)
      }
      await choose('status', /^Draft$/)
      await ours.waitFor({ state: 'detached' })
      await theirs.waitFor()
      await screenshot(admin, 'event-calendar-filtered')
    })

    it('has month, week, day and agenda views; week opens at 08:00 with one time format', async () => {
      await calendarInDecember(admin)
      await admin.click('.fc-timeGridWeek-button')
      await admin.locator('.fc-timeGridWeek-view').waitFor()
      // The working day in view: the 08:00 row at the top of the scrolled grid, not midnight.
      await expect
        .poll(() =>
          admin.evaluate(() => {
            const row = document.querySelector('td.fc-timegrid-slot-label[data-time="08:00:00"]')!
            const scroller = row.closest('.fc-scroller')!
            return Math.round(
              row.getBoundingClientRect().top - scroller.getBoundingClientRect().top,
            )
          }),
        )
        .toBeLessThan(40)
      const labels = (
        await admin.locator('.fc-timegrid-slot-label-cushion').allInnerTexts()
      ).filter(Boolean)
      expect(labels.length).toBeGreaterThan(20)
      for (const label of labels) expect(label).toMatch(/^\d{2}:\d{2}$/)
      await screenshot(admin, 'event-calendar-week')

      await admin.click('.fc-timeGridDay-button')
      await admin.locator('.fc-timeGridDay-view').waitFor()

      await admin.click('.fc-agenda-button')
      const item = admin.locator('.event-calendar__agenda-item', { hasText: EVENT.title })
      await item.waitFor()
      expect(await item.innerText()).toContain(VENUE)
      expect(await admin.locator('.fc-toolbar-title').innerText()).toContain('December 2026')
      await screenshot(admin, 'event-calendar-agenda')
      await admin.click('.fc-dayGridMonth-button')
    })

    it('comes back to the month and view the editor left: an event opened from December returns to December', async () => {
      await calendarInDecember(admin)
      await admin.locator('.fc-event', { hasText: EVENT.title }).first().click()
      await admin.waitForURL(new RegExp(`/admin/collections/events/${eventId}(\\?|$)`))
      await admin.locator('#field-title').waitFor()
      await admin.goBack()
      await admin.locator('.fc-dayGridMonth-view').waitFor()
      await expect
        .poll(() => admin.locator('.fc-toolbar-title').innerText())
        .toContain('December 2026')

      // The address names the place, so a link or a reload opens the same week.
      await admin.click('.fc-timeGridWeek-button')
      await admin.locator('.fc-timeGridWeek-view').waitFor()
      await expect.poll(() => new URL(admin.url()).searchParams.get('view')).toBe('timeGridWeek')
      const week = await admin.locator('.fc-toolbar-title').innerText()
      await admin.reload()
      await admin.locator('.fc-timeGridWeek-view').waitFor()
      await expect.poll(() => admin.locator('.fc-toolbar-title').innerText()).toBe(week)
      await admin.click('.fc-dayGridMonth-button')
    })

    it('creates an event from a drag on empty time in the week view, with those times', async () => {
      await calendarInDecember(admin)
      await admin.click('.fc-timeGridWeek-button')
      const day = admin.locator('td.fc-timegrid-col[data-date="2026-12-15"]')
      for (let i = 0; i < 6 && !(await day.count()); i++) await admin.click('.fc-next-button')
      const column = (await day.boundingBox())!
      const rowOf = async (time: string) =>
        (await admin.locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`).boundingBox())!
      const from = await rowOf('10:00:00')
      const to = await rowOf('11:30:00')
      await admin.mouse.move(column.x + column.width / 2, from.y + from.height / 2)
      await admin.mouse.down()
      await admin.mouse.move(column.x + column.width / 2, to.y + to.height / 2, { steps: 8 })
      await admin.mouse.up()
      await admin.waitForURL(/\/admin\/collections\/events\/create\?/)
      // 10:00 to 12:00 in the site's zone (New York), which is also a new event's zone.
      await expect
        .poll(() => admin.locator('#field-startDate input').inputValue())
        .toMatch(/Dec 15, 2026.*10:00\s?AM/)
      await expect
        .poll(() => admin.locator('#field-endDate input').inputValue())
        .toMatch(/Dec 15, 2026.*12:00\s?PM/)
      await admin.fill('#field-title', `From the calendar ${RUN}`)
      await save(admin)
      await admin.waitForURL(/\/admin\/collections\/events\/\d+/)
      const id = admin.url().match(/events\/(\d+)/)![1]!
      const token = await apiToken(base, ADMIN.email, ADMIN.password)
      const saved = await (
        await fetch(`${base}/api/events/${id}?depth=0`, {
          headers: { Authorization: `JWT ${token}` },
        })
      ).json()
      expect(saved).toMatchObject({
        endDate: '2026-12-15T17:00:00.000Z',
        startDate: '2026-12-15T15:00:00.000Z',
      })
    })

    it('creates an all-day event from a click on an empty day of the month view', async () => {
      await calendarInDecember(admin)
      const day = admin.locator('td.fc-daygrid-day[data-date="2026-12-30"]')
      const box = (await day.boundingBox())!
      // The empty lower part of the day, below its number and any event.
      await admin.mouse.click(box.x + box.width / 2, box.y + box.height - 6)
      await admin.waitForURL(/\/admin\/collections\/events\/create\?/)
      await expect
        .poll(() => admin.locator('#field-startDate input').inputValue())
        .toMatch(/Dec 30, 2026/)
      await expect
        .poll(() => admin.locator('#field-endDate input').inputValue())
        .toMatch(/Dec 30, 2026/)
      expect(await admin.locator('#field-allDay').isChecked()).toBe(true)
    })

    it('trashes the event from its page with “Moved to the trash” and an Undo, and restores it', async () => {
      await admin.goto(`${base}/admin/collections/events/${eventId}?locale=en`)
      await admin.getByRole('button', { name: 'Move to trash' }).click()
      const toasts = admin.locator('.payload-toast-container')
      await toasts.getByText('Moved to the trash.').waitFor()
      expect(await toasts.innerText()).not.toMatch(/Updated successfully/i)
      await admin.getByRole('button', { name: 'Restore' }).waitFor()
      expect((await fetch(`${base}/wp-json/vendor/events/v1/events/${eventId}`)).status).not.toBe(
        200,
      )
      await toasts.getByRole('button', { name: 'Undo' }).click()
      await admin.getByRole('button', { name: 'Move to trash' }).waitFor()
      expect(
        (await (await fetch(`${base}/wp-json/vendor/events/v1/events/${eventId}`)).json()).status,
      ).toBe('publish')

      // The Restore button brings it back too.
      await admin.getByRole('button', { name: 'Move to trash' }).click()
      await admin.getByRole('button', { name: 'Restore' }).click()
      await admin.getByRole('button', { name: 'Move to trash' }).waitFor()
      const restored = await fetch(`${base}/wp-json/vendor/events/v1/events/${eventId}`)
      expect(restored.status).toBe(200)
      expect((await restored.json()).status).toBe('publish')
    })

    it('moves selected events to the trash in bulk, hides them, and restores them from the Trash view', async () => {
      const token = await apiToken(base, ADMIN.email, ADMIN.password)
      const ids: number[] = []
      for (const [index, status] of ['publish', 'draft'].entries()) {
        const created = await fetch(`${base}/api/events`, {
          body: JSON.stringify({
            title: `Bulk ${RUN} ${index}`,
            startDate: '2026-12-21T19:00:00Z',
            endDate: '2026-12-21T21:00:00Z',
            status,
          }),
          headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
          method: 'POST',
        })
        ids.push((await created.json()).doc.id)
      }
      const statusOf = async (id: number) =>
        (
          await (
            await fetch(`${base}/api/events/${id}?depth=0`, {
              headers: { Authorization: `JWT ${token}` },
            })
          ).json()
        ).status

      // Payload's own DELETE cannot remove an event that is not in the trash.
      expect(
        (
          await fetch(`${base}/api/events/${ids[0]}`, {
            headers: { Authorization: `JWT ${token}` },
            method: 'DELETE',
          })
        ).status,
      ).not.toBe(200)
      expect(await statusOf(ids[0]!)).toBe('publish')

      await admin.goto(
        `${base}/admin/collections/events?locale=en&search=${encodeURIComponent(`Bulk ${RUN}`)}`,
      )
      const rows = admin.locator('table tbody tr')
      await expect.poll(() => rows.count()).toBe(2)
      // The counts come from a request of their own, slower when the machine is busy.
      await expect
        .poll(() => admin.locator('.status-views').innerText(), { timeout: 15_000 })
        .toMatch(/^All \(\d+\)[\s\S]*Published \(\d+\)/)
      for (const row of await rows.all()) await row.locator('input[type="checkbox"]').check()
      // Payload's bulk Delete (which would delete for good) is not offered outside the Trash view.
      expect(await admin.locator('.delete-documents__toggle').isVisible()).toBe(false)
      await admin.getByRole('button', { name: 'Move 2 selected to trash' }).click()
      await admin
        .locator('.payload-toast-container')
        .getByText('2 items moved to the trash.')
        .waitFor()
      await expect.poll(() => rows.filter({ hasText: `Bulk ${RUN}` }).count()).toBe(0)
      expect([await statusOf(ids[0]!), await statusOf(ids[1]!)]).toEqual(['trash', 'trash'])

      await admin.locator('.status-views__view--trash').click()
      await expect.poll(() => rows.filter({ hasText: `Bulk ${RUN}` }).count()).toBe(2)
      await expect
        .poll(() => admin.locator('.status-views').innerText(), { timeout: 15_000 })
        .toMatch(/Trash \(\d+\)/)
      await screenshot(admin, 'event-list-trash')
      for (const row of await rows.all()) await row.locator('input[type="checkbox"]').check()
      await admin.getByRole('button', { name: 'Restore 2 selected' }).click()
      await admin.locator('.payload-toast-container').getByText('Restored 2 items.').waitFor()
      await expect.poll(() => rows.filter({ hasText: `Bulk ${RUN}` }).count()).toBe(0)
      expect([await statusOf(ids[0]!), await statusOf(ids[1]!)]).toEqual(['publish', 'draft'])
    })

    it('deletes for good only from the Trash view, after a confirmation that says so', async () => {
      const token = await apiToken(base, ADMIN.email, ADMIN.password)
      const title = `Gone for good ${RUN}`
      const created = await fetch(`${base}/api/events`, {
        body: JSON.stringify({
          title,
          startDate: '2026-12-22T19:00:00Z',
          endDate: '2026-12-22T21:00:00Z',
          status: 'trash',
        }),
        headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
        method: 'POST',
      })
      const { doc } = await created.json()
      await admin.goto(
        `${base}/admin/collections/events?locale=en&search=${encodeURIComponent(title)}`,
      )
      await admin.locator('.status-views__view--trash').click()
      const row = admin.locator('table tbody tr', { hasText: title })
      await row.locator('input[type="checkbox"]').check()
      await admin.locator('.delete-documents__toggle').click()
      const dialog = admin.locator('.confirmation-modal')
      await expect
        .poll(() => dialog.innerText())
        .toMatch(/permanently delete 1 Event\. This cannot be undone\./)
      await screenshot(admin, 'event-list-trash-delete')
      await dialog.getByRole('button', { name: 'Confirm' }).click()
      await row.waitFor({ state: 'detached' })
      expect(
        (
          await fetch(`${base}/api/events/${doc.id}`, {
            headers: { Authorization: `JWT ${token}` },
          })
        ).status,
      ).toBe(404)
    })

    it('refuses an end before the start, as the API does, and saves nothing', async () => {
      await admin.goto(`${base}/admin/collections/events/create?locale=en`)
      await admin.fill('#field-title', `Backwards ${RUN}`)
      await typeDate(admin, 'startDate', 'Dec 20, 2026 9:00 PM')
      await typeDate(admin, 'endDate', 'Dec 20, 2026 8:00 PM')
      await admin.fill('#field-website', 'not a url')
      await admin.click('#action-save')
      const toast = admin
        .locator('.payload-toast-container')
        .getByText(/invalid/i)
        .first()
      await toast.waitFor()
      expect(await toast.innerText()).toMatch(/When → End[\s\S]*Details → Website/)
      expect(admin.url()).toContain('/create')
      const found = await fetch(
        `${base}/wp-json/vendor/events/v1/events?search=${encodeURIComponent(`Backwards ${RUN}`)}&status=draft`,
        {
          headers: basic(ADMIN.email, ADMIN.password),
        },
      )
      expect((await found.json()).events ?? []).toEqual([])
    })

    it('answers a refused save with each field at fault and its reason, which Payload’s form shows under the field', async () => {
      await admin.goto(`${base}/admin/collections/events/create?locale=en`)
      await typeDate(admin, 'startDate', 'Dec 20, 2026 9:00 PM')
      await typeDate(admin, 'endDate', 'Dec 20, 2026 8:00 PM')
      await admin.waitForLoadState('networkidle')
      const refused = admin.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === '/api/events',
      )
      await admin.click('#action-save')
      const answer = await refused
      expect(answer.status()).toBe(400)
      // Payload's form marks the fields named in errors[0].data.errors with their messages.
      const details = (await answer.json()).errors[0].data.errors as Array<{
        message: string
        path: string
      }>
      expect(details).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ message: 'This field is required.', path: 'title' }),
          expect.objectContaining({
            message: 'The end cannot be before the start.',
            path: 'endDate',
          }),
        ]),
      )
      await admin
        .locator('.payload-toast-container')
        .getByText(/invalid/i)
        .first()
        .waitFor()
      await screenshot(admin, 'event-form-field-errors')
    })

    it('schedules an event for later: published with a date to come becomes Scheduled', async () => {
      await admin.goto(`${base}/admin/collections/events/create?locale=en`)
      await admin.fill('#field-title', `Next year ${RUN}`)
      await typeDate(admin, 'startDate', 'Jun 1, 2027 6:00 PM')
      await typeDate(admin, 'endDate', 'Jun 1, 2027 9:00 PM')
      await typeDate(admin, 'publishedAt', 'Jan 15, 2027 9:00 AM')
      await admin.click('#field-status .rs__control')
      await admin.locator('.rs__option', { hasText: /^Published$/ }).click()
      await save(admin)
      await admin.waitForURL(/\/admin\/collections\/events\/\d+/)
      await expect.poll(() => admin.locator('#field-status').innerText()).toContain('Scheduled')
      const id = admin.url().match(/events\/(\d+)/)![1]!
      expect((await fetch(`${base}/wp-json/vendor/events/v1/events/${id}`)).status).not.toBe(200)
    })

    it('refuses Scheduled without a publication date, instead of publishing at once', async () => {
      await admin.goto(`${base}/admin/collections/events/create?locale=en`)
      await admin.fill('#field-title', `Undated ${RUN}`)
      await typeDate(admin, 'startDate', 'Jun 2, 2027 6:00 PM')
      await typeDate(admin, 'endDate', 'Jun 2, 2027 9:00 PM')
      await admin.click('#field-status .rs__control')
      await admin.locator('.rs__option', { hasText: /^Scheduled$/ }).click()
      await admin.click('#action-save')
      await admin
        .locator('.payload-toast-container')
        .getByText(/Scheduled needs a publication date/)
        .first()
        .waitFor()
      expect(admin.url()).toContain('/create')
    })

    it('keeps the form to the point: the end follows the start, all day hides the times, no internal fields', async () => {
      await admin.goto(`${base}/admin/collections/events/create?locale=en`)
      await admin.fill('#field-title', `Form ${RUN}`)
      const end = admin.locator('#field-endDate input')
      await typeDate(admin, 'startDate', 'Dec 22, 2026 8:00 PM')
      await expect.poll(() => end.inputValue()).toMatch(/Dec 22, 2026.*10:00\s?PM/)
      // A three-hour event stays three hours long when its start moves.
      await typeDate(admin, 'endDate', 'Dec 22, 2026 11:00 PM')
      await typeDate(admin, 'startDate', 'Dec 23, 2026 7:00 PM')
      await expect.poll(() => end.inputValue()).toMatch(/Dec 23, 2026.*10:00\s?PM/)

      const form = await admin.locator('form').first().innerText()
      for (const internal of [
        'Cost Details',
        'Origin ids',
        'Status Before Trash',
        'Description Text',
        'Password Protected',
      ])
        expect(form).not.toContain(internal)
      expect(
        await admin
          .locator('#field-status .clear-indicator, #field-status .rs__clear-indicator')
          .count(),
      ).toBe(0)

      await admin.fill('#field-cost', '25 €')
      await closeDatePickers(admin)
      await admin.locator('#field-allDay').check()
      await expect.poll(() => end.inputValue()).not.toMatch(/[AP]M/)
      await screenshot(admin, 'event-form-all-day')
      await save(admin)
      await admin.waitForURL(/\/admin\/collections\/events\/\d+/)
      const id = admin.url().match(/events\/(\d+)/)![1]!
      const token = await apiToken(base, ADMIN.email, ADMIN.password)
      const saved = await (
        await fetch(`${base}/api/events/${id}?depth=0`, {
          headers: { Authorization: `JWT ${token}` },
        })
      ).json()
      expect(saved).toMatchObject({ allDay: true, cost: '25 €' })

      // Nor are they offered as list columns.
      await admin.goto(`${base}/admin/collections/events?locale=en`)
      await admin.locator('.list-controls__toggle-columns').click()
      const columns = await admin
        .locator('.list-controls__columns, .column-selector')
        .first()
        .innerText()
      for (const internal of [
        'Cost Details',
        'Origin ids',
        'Status Before Trash',
        'Description Text',
        'Password Protected',
      ])
        expect(columns).not.toContain(internal)
    })

    it('publishes or schedules from the form’s button, with links to the public page and the API', async () => {
      const token = await apiToken(base, ADMIN.email, ADMIN.password)
      const statusOf = async (id: string) =>
        (
          await (
            await fetch(`${base}/api/events/${id}?depth=0`, {
              headers: { Authorization: `JWT ${token}` },
            })
          ).json()
        ).status
      const button = admin.locator('#action-workflow')

      await admin.goto(`${base}/admin/collections/events/create?locale=en`)
      await admin.fill('#field-title', `Scheduled from the form ${RUN}`)
      await typeDate(admin, 'startDate', 'Feb 10, 2027 8:00 PM')
      await expect.poll(() => button.innerText()).toBe('Publish')
      // A publication date to come turns Publish into Schedule.
      await typeDate(admin, 'publishedAt', 'Jan 5, 2027 9:00 AM')
      await expect.poll(() => button.innerText()).toBe('Schedule')
      await button.click()
      await admin.waitForURL(/\/admin\/collections\/events\/\d+/)
      const scheduled = admin.url().match(/events\/(\d+)/)![1]!
      await expect.poll(() => statusOf(scheduled)).toBe('future')
      // Scheduled: Save updates it, there is nothing left to schedule.
      await expect.poll(() => button.count()).toBe(0)
      await screenshot(admin, 'event-form-scheduled')

      const page = admin.locator('.preview-links__page')
      // A scheduled event has WordPress's plain permalink, as the API's `url` says (`src/lib/urls.ts`).
      await expect
        .poll(() => page.getAttribute('href'))
        .toMatch(new RegExp(`/\\?post_type=tribe_events&p=${scheduled}$`))
      const apiLink = (await admin.locator('.preview-links__api').getAttribute('href'))!
      expect(apiLink).toMatch(new RegExp(`/wp-json/vendor/events/v1/events/${scheduled}$`))
      const served = await fetch(apiLink, { headers: basic(ADMIN.email, ADMIN.password) })
      expect(served.status).toBe(200)
      expect((await served.json()).id).toBe(Number(scheduled))

      await admin.goto(`${base}/admin/collections/events/create?locale=en`)
      await admin.fill('#field-title', `Published from the form ${RUN}`)
      await typeDate(admin, 'startDate', 'Feb 11, 2027 8:00 PM')
      await expect.poll(() => button.innerText()).toBe('Publish')
      await button.click()
      await admin.waitForURL(/\/admin\/collections\/events\/\d+/)
      const published = admin.url().match(/events\/(\d+)/)![1]!
      await expect.poll(() => statusOf(published)).toBe('publish')
      // Once published, Save updates it; there is nothing left to publish.
      await expect.poll(() => button.count()).toBe(0)
      // Out of the way of the list's filters below, which count the scheduled events.
      for (const id of [scheduled, published]) {
        await fetch(`${base}/api/events/${id}`, {
          body: JSON.stringify({ status: 'trash' }),
          headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
          method: 'PATCH',
        })
      }
    })

    it('picks categories from a searchable tree, Jazz under Music, saved as the event’s categories', async () => {
      const token = await apiToken(base, ADMIN.email, ADMIN.password)
      const post = async (data: Record<string, unknown>) =>
        (
          await (
            await fetch(`${base}/api/event-categories`, {
              body: JSON.stringify(data),
              headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
              method: 'POST',
            })
          ).json()
        ).doc
      const music = await post({ name: `Music tree ${RUN}` })
      const jazz = await post({ name: `Jazz tree ${RUN}`, parent: music.id })
      await post({ name: `Poetry tree ${RUN}` })

      await admin.goto(`${base}/admin/collections/events/create?locale=en`)
      await admin.fill('#field-title', `Tree ${RUN}`)
      await typeDate(admin, 'startDate', 'Dec 26, 2026 8:00 PM')
      const tree = admin.locator('.category-tree')
      // Jazz is a branch of Music, not a sibling of it.
      const musicItem = tree.locator('li.category-tree__item[data-depth="0"]', {
        hasText: `Music tree ${RUN}`,
      })
      await musicItem
        .locator('li.category-tree__item[data-depth="1"]', { hasText: `Jazz tree ${RUN}` })
        .waitFor()
      await tree
        .locator('li.category-tree__item[data-depth="0"]', { hasText: `Poetry tree ${RUN}` })
        .waitFor()
      expect(
        await tree
          .locator('li.category-tree__item[data-depth="0"]', { hasText: `Jazz tree ${RUN}` })
          .count(),
      ).toBe(1)

      // The search keeps what matches and its parents.
      await tree.locator('.category-tree__search').fill(`jazz tree ${RUN}`)
      await expect
        .poll(() => tree.locator('.category-tree__label').allInnerTexts())
        .toEqual([`Music tree ${RUN}`, `Jazz tree ${RUN}`])
      await screenshot(admin, 'event-form-category-tree')
      await tree.getByLabel(`Jazz tree ${RUN}`).check()
      // The relationship select above shows the same choice.
      await expect
        .poll(() => admin.locator('#field-categories .rs__value-container').innerText())
        .toContain(`Jazz tree ${RUN}`)
      await tree.locator('.category-tree__search').fill('')
      expect(await tree.getByLabel(`Music tree ${RUN}`).isChecked()).toBe(false)

      await save(admin)
      await admin.waitForURL(/\/admin\/collections\/events\/\d+/)
      const id = admin.url().match(/events\/(\d+)/)![1]!
      const saved = await (
        await fetch(`${base}/api/events/${id}?depth=0`, {
          headers: { Authorization: `JWT ${token}` },
        })
      ).json()
      expect(saved.categories).toEqual([jazz.id])
      // Unticking it in the tree removes it from the event.
      await tree.getByLabel(`Jazz tree ${RUN}`).uncheck()
      await expect
        .poll(() => admin.locator('#field-categories .rs__value-container').innerText())
        .not.toContain(`Jazz tree ${RUN}`)
      await save(admin)
      const after = await (
        await fetch(`${base}/api/events/${id}?depth=0`, {
          headers: { Authorization: `JWT ${token}` },
        })
      ).json()
      expect(after.categories).toEqual([])
      await fetch(`${base}/api/events/${id}`, {
        body: JSON.stringify({ status: 'trash' }),
        headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
        method: 'PATCH',
      })
    })

    it('translates with the English text under each field and the language in sight, headed by the English title until translated', async () => {
      const token = await apiToken(base, ADMIN.email, ADMIN.password)
      const title = `To translate ${RUN}`
      const created = await fetch(`${base}/api/events?locale=en`, {
        body: JSON.stringify({
          title,
          excerpt: `An evening of standards ${RUN}`,
          description: lexicalParagraph(`Bring your own instrument ${RUN}`),
          startDate: '2027-01-08T19:00:00Z',
          endDate: '2027-01-08T21:00:00Z',
        }),
        headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
        method: 'POST',
      })
      const { doc } = await created.json()

      await admin.goto(`${base}/admin/collections/events/${doc.id}?locale=fr`)
      // Headed by its English title, not by its id.
      await expect
        .poll(() => admin.locator('.doc-header .render-title').first().innerText())
        .toBe(title)
      const language = admin.locator('.editing-language')
      await expect
        .poll(() => language.innerText())
        .toMatch(/Editing: Français[\s\S]*translating from English/)
      const source = (field: string) => admin.locator(`.translation-source[data-field="${field}"]`)
      await expect.poll(() => source('title').innerText()).toContain(title)
      await expect
        .poll(() => source('excerpt').innerText())
        .toContain(`An evening of standards ${RUN}`)
      await expect
        .poll(() => source('description').innerText())
        .toContain(`Bring your own instrument ${RUN}`)
      expect(await admin.locator('#field-title').inputValue()).toBe('')

      // The language stays in sight with the form scrolled to its end.
      await admin.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      await expect
        .poll(async () => {
          const box = await language.boundingBox()
          return box !== null && box.y >= 0 && box.y + box.height <= 1000
        })
        .toBe(true)
      await admin.evaluate(() => window.scrollTo(0, 0))
      await screenshot(admin, 'event-form-translation')

      // Once translated, the French title heads the page; the English one stays below the field.
      await admin.fill('#field-title', `À traduire ${RUN}`)
      await save(admin)
      await expect
        .poll(() => admin.locator('.doc-header .render-title').first().innerText())
        .toBe(`À traduire ${RUN}`)
      expect(await source('title').innerText()).toContain(title)

      // In English there is nothing to translate from; the language is still named.
      await admin.goto(`${base}/admin/collections/events/${doc.id}?locale=en`)
      await expect.poll(() => language.innerText()).toContain('Editing: English')
      expect(await admin.locator('.translation-source').count()).toBe(0)

      // Venues, organizers and categories show their English text the same way.
      for (const [collection, body] of [
        ['venues', { name: `Hall to translate ${RUN}`, excerpt: `By the river ${RUN}` }],
        ['organizers', { name: `Society to translate ${RUN}`, excerpt: `Since 1920 ${RUN}` }],
        ['event-categories', { name: `Genre to translate ${RUN}`, description: `Songs ${RUN}` }],
      ] as const) {
        const made = await fetch(`${base}/api/${collection}?locale=en`, {
          body: JSON.stringify(body),
          headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
          method: 'POST',
        })
        const { doc: item } = await made.json()
        await admin.goto(`${base}/admin/collections/${collection}/${item.id}?locale=fr`)
        for (const [field, text] of Object.entries(body))
          await expect
            .poll(() => source(field).innerText(), { message: `${collection} ${field}` })
            .toContain(text)
      }
    })

    it('links the form to the event’s public page, which visitors read once published and an editor previews before', async () => {
      await admin.goto(`${base}/admin/collections/events/${eventId}?locale=en`)
      const link = admin.locator('.preview-links__page')
      await expect.poll(() => link.innerText()).toBe('View public page')
      const href = (await link.getAttribute('href'))!
      expect(new URL(href).pathname).toMatch(/^\/event\/[^/]+\/$/)

      const visitor = await newPage(browser)
      const page = await visitor.goto(href)
      expect(page!.status()).toBe(200)
      expect(await visitor.locator('h1').innerText()).toBe(EVENT.title)
      const text = await visitor.locator('body').innerText()
      for (const part of [VENUE, ORGANIZER, CATEGORY]) expect(text).toContain(part)
      await screenshot(visitor, 'event-public-page')

      // In French, the link and the page are the French ones.
      await admin.goto(`${base}/admin/collections/events/${eventId}?locale=fr`)
      await expect
        .poll(() => link.getAttribute('href'))
        .toBe(href.replace(/\/event\//, '/fr/event/'))
      await visitor.goto((await link.getAttribute('href'))!)
      expect(await visitor.locator('h1').innerText()).toBe(EVENT.fr)

      // A draft: a preview for the signed-in editor, nothing for a visitor.
      const token = await apiToken(base, ADMIN.email, ADMIN.password)
      const draftTitle = `Unannounced ${RUN}`
      const created = await fetch(`${base}/api/events`, {
        body: JSON.stringify({
          title: draftTitle,
          startDate: '2027-01-09T19:00:00Z',
          endDate: '2027-01-09T21:00:00Z',
          status: 'draft',
        }),
        headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
        method: 'POST',
      })
      const { doc } = await created.json()
      await admin.goto(`${base}/admin/collections/events/${doc.id}?locale=en`)
      await expect.poll(() => link.innerText()).toBe('Preview public page')
      const previewUrl = (await link.getAttribute('href'))!
      await admin.goto(previewUrl)
      expect(await admin.locator('h1').innerText()).toBe(draftTitle)
      await admin.locator('.preview').waitFor()
      const hidden = await visitor.goto(previewUrl)
      expect(hidden!.status()).toBe(404)
      expect(await visitor.content()).not.toContain(draftTitle)
      await visitor.context().close()
    })

    it('asks a venue for one “State or province”', async () => {
      await admin.goto(`${base}/admin/collections/venues/create?locale=en`)
      await admin.locator('#field-stateProvince').waitFor()
      // The original's separate state and province stay in the data, out of sight.
      for (const hidden of ['#field-state', '#field-province'])
        expect(await admin.locator(hidden).isVisible()).toBe(false)
      const form = await admin.locator('form').first().innerText()
      expect(form.match(/State or province/g)).toHaveLength(1)
      expect(form).not.toMatch(/^(State|Province)$/m)
      await screenshot(admin, 'venue-form')
    })

    it('says a slug left empty is made from the name on venues, organizers and categories, from the title on events', async () => {
      const slugNote = async (collection: string) => {
        await admin.goto(`${base}/admin/collections/${collection}/create?locale=en`)
        return admin.locator('.field-type:has(#field-slug) .field-description').innerText()
      }
      expect(await slugNote('events')).toContain('made from the title')
      for (const collection of ['venues', 'organizers', 'event-categories', 'event-tags']) {
        expect(await slugNote(collection)).toContain('made from the name')
      }
    })

    it('offers a contributor no publishing: their event goes to review', async () => {
      const token = await apiToken(base, ADMIN.email, ADMIN.password)
      const created = await fetch(`${base}/api/users`, {
        body: JSON.stringify({ ...CONTRIBUTOR, role: 'contributor' }),
        headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
        method: 'POST',
      })
      expect(created.status).toBe(201)

      const contributor = await newPage(browser)
      await signInByApi(contributor, base, CONTRIBUTOR.email, CONTRIBUTOR.password)
      await contributor.goto(`${base}/admin/collections/events/create?locale=en`)
      await contributor.fill('#field-title', `Open mic ${RUN}`)
      await typeDate(contributor, 'startDate', 'Dec 14, 2026 8:00 PM')
      await typeDate(contributor, 'endDate', 'Dec 14, 2026 11:00 PM')
      await contributor.click('#field-status .rs__control')
      const offered = await contributor.locator('.rs__option').allInnerTexts()
      expect(offered).toEqual(['Draft', 'Pending review'])
      await screenshot(contributor, 'contributor-status-options')
      await contributor.locator('.rs__option', { hasText: 'Pending review' }).click()
      // Beside Save, the workflow's button for a contributor is Submit for review, never Publish.
      expect(await contributor.locator('#action-workflow').innerText()).toBe('Submit for review')
      expect(await contributor.getByRole('button', { name: /^(Publish|Schedule)$/ }).count()).toBe(
        0,
      )
      // Venues and categories they may not create are not offered either.
      expect(
        await contributor.locator('#field-categories .relationship-add-new__add-button').count(),
      ).toBe(0)
      await save(contributor)
      await contributor.waitForURL(/\/admin\/collections\/events\/\d+/)
      const id = contributor.url().match(/events\/(\d+)/)![1]!
      const asEditor = await fetch(`${base}/wp-json/vendor/events/v1/events/${id}`, {
        headers: basic(ADMIN.email, ADMIN.password),
      })
      expect((await asEditor.json()).status).toBe('pending')
      expect((await fetch(`${base}/wp-json/vendor/events/v1/events/${id}`)).status).not.toBe(200)
      await contributor.context().close()
    })

    it('lets a contributor drag only the events they may change in the calendar', async () => {
      const contributor = await newPage(browser)
      await signInByApi(contributor, base, CONTRIBUTOR.email, CONTRIBUTOR.password)
      await contributor.goto(`${base}/admin/collections/events/calendar?locale=en`)
      await contributor.locator('.fc-toolbar-title').waitFor()
      if (!(await contributor.locator('.fc-toolbar-title').innerText()).includes('December 2026'))
        await contributor.click('.fc-next-button')
      const own = contributor.locator('.fc-event', { hasText: `Open mic ${RUN}` })
      const others = contributor.locator('.fc-event', { hasText: EVENT.title })
      await own.waitFor()
      await others.waitFor()
      expect(await own.getAttribute('class')).toContain('fc-event-draggable')
      expect(await others.getAttribute('class')).not.toContain('fc-event-draggable')
      await contributor.context().close()
    })

    it('shows times in the site’s timezone by default: a Tokyo browser sees a late Paris event on its own day', async () => {
      const token = await apiToken(base, ADMIN.email, ADMIN.password)
      const late = `Late set ${RUN}`
      const created = await fetch(`${base}/api/events`, {
        // 23:30 in Paris on 10 December: 17:30 in New York (the site's zone), 07:30 on the 11th in Tokyo.
        body: JSON.stringify({
          title: late,
          startDate: '2026-12-10T22:30:00Z',
          endDate: '2026-12-10T22:45:00Z',
          timezone: 'Europe/Paris',
          status: 'publish',
        }),
        headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
        method: 'POST',
      })
      expect(created.status).toBe(201)
      const tokyo = await newPage(browser, 'Asia/Tokyo')
      await signInByApi(tokyo, base, ADMIN.email, ADMIN.password)
      await tokyo.goto(`${base}/admin/collections/events/calendar?locale=en`)
      await tokyo.locator('.fc-toolbar-title').waitFor()
      if (!(await tokyo.locator('.fc-toolbar-title').innerText()).includes('December 2026'))
        await tokyo.click('.fc-next-button')
      await tokyo.locator('td[data-date="2026-12-10"] .fc-event', { hasText: late }).waitFor()
      await screenshot(tokyo, 'event-calendar-site-zone')
      await tokyo.getByLabel(/browser’s timezone/).check()
      await tokyo.locator('td[data-date="2026-12-11"] .fc-event', { hasText: late }).waitFor()
      await tokyo.context().close()
    })

    it('sends a contributor no password or protected content of others’ items in the admin’s pages', async () => {
      const token = await apiToken(base, ADMIN.email, ADMIN.password)
      const secret = `Hidden words ${RUN}`
      const password = `door-code-${RUN}`
      const protectedEvent = await fetch(`${base}/api/events`, {
        body: JSON.stringify({
          title: `Members night ${RUN}`,
          startDate: '2026-12-20T19:00:00Z',
          endDate: '2026-12-20T21:00:00Z',
          status: 'publish',
          password,
          excerpt: secret,
        }),
        headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
        method: 'POST',
      })
      expect(protectedEvent.status).toBe(201)
      const { doc } = await protectedEvent.json()

      const contributor = await newPage(browser)
      await signInByApi(contributor, base, CONTRIBUTOR.email, CONTRIBUTOR.password)
      for (const path of [
        `/admin/collections/events?limit=100&columns=${encodeURIComponent(JSON.stringify(['title', 'password', 'excerpt']))}`,
        `/admin/collections/events/${doc.id}`,
      ]) {
        const response = await contributor.goto(`${base}${path}`)
        const page = (await response!.text()) + (await contributor.content())
        expect(page, path).toContain(`Members night ${RUN}`)
        expect(page, path).not.toContain(password)
        expect(page, path).not.toContain(secret)
      }
      await contributor.context().close()
      const editorView = await fetch(`${base}/api/events/${doc.id}`, {
        headers: { Authorization: `JWT ${token}` },
      })
      expect(await editorView.json()).toMatchObject({ excerpt: secret, password })
    })

    it('filters the list by status and venue from the quick filters', async () => {
      await admin.goto(`${base}/admin/collections/events?locale=en`)
      const rows = admin.locator('table tbody tr')
      await admin.click('#field-quickVenue .rs__control')
      await admin.locator('.rs__option', { hasText: VENUE }).click()
      // The list reloads with the filter after the choice: under load that takes more than a second.
      await expect
        .poll(() => rows.allInnerTexts(), { timeout: 15_000 })
        .toEqual([expect.stringContaining(EVENT.title)])
      expect(admin.url()).toContain('where')
      await admin.goto(`${base}/admin/collections/events?locale=en`)
      await admin.click('#field-quickStatus .rs__control')
      await admin.locator('.rs__option', { hasText: /^Scheduled$/ }).click()
      // Other browser files on the same app may have scheduled events of their own: of this
      // file's events only the scheduled one is listed, and every row listed is scheduled.
      const ownRows = async () => (await rows.allInnerTexts()).filter((text) => text.includes(RUN))
      await expect
        .poll(ownRows, { timeout: 15_000 })
        .toEqual([expect.stringContaining(`Next year ${RUN}`)])
      for (const text of await rows.allInnerTexts()) expect(text).toContain('Scheduled')
    })

    it('exports the filtered list and a published event as iCalendar files', async () => {
      await admin.goto(`${base}/admin/collections/events?locale=en`)
      await admin.click('#field-quickVenue .rs__control')
      await admin.locator('.rs__option', { hasText: VENUE }).click()
      const exportLink = admin.getByRole('link', { name: 'Export .ics' })
      await expect
        .poll(() => exportLink.getAttribute('href'), { timeout: 10_000 })
        .toMatch(/\/events\.ics\?venue=\d+$/)
      const listFeed = await fetch(new URL((await exportLink.getAttribute('href'))!, base))
      expect(listFeed.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
      expect(await listFeed.text()).toContain(`SUMMARY:${EVENT.title}`)

      await admin.goto(`${base}/admin/collections/events/${eventId}?locale=en`)
      const eventLink = admin.locator('.event-ics-link a')
      await eventLink.waitFor()
      const eventFeed = await fetch(new URL((await eventLink.getAttribute('href'))!, base))
      expect(eventFeed.status).toBe(200)
      expect(await eventFeed.text()).toContain('BEGIN:VEVENT')
    })

    it('issues an application password once, which signs in until it is revoked', async () => {
      await admin.goto(`${base}/admin/account`)
      await admin.fill('#field-newApplicationPasswordName', `Mobile app ${RUN}`)
      await admin.getByRole('button', { name: 'Add new application password' }).click()
      const shown = admin.locator('.application-passwords__password')
      await shown.waitFor()
      const password = (await shown.innerText()).trim()
      expect(password).toMatch(/^[A-Za-z0-9 ]{29}$/)
      await screenshot(admin, 'application-password-issued')
      expect(
        (await fetch(`${base}/api/users/me`, { headers: basic(ADMIN.email, password) })).status,
      ).toBe(200)
      const me = await (
        await fetch(`${base}/api/users/me`, { headers: basic(ADMIN.email, password) })
      ).json()
      expect(me.user?.email).toBe(ADMIN.email)

      // Shown once: after a reload only its name is listed.
      await admin.reload()
      const row = admin.locator('.application-passwords__list tr', { hasText: `Mobile app ${RUN}` })
      await row.waitFor()
      expect(await admin.locator('.application-passwords__password').count()).toBe(0)
      expect(await admin.content()).not.toContain(password)

      admin.once('dialog', (dialog) => void dialog.accept())
      await row.getByRole('button', { name: 'Revoke' }).click()
      await row.waitFor({ state: 'detached' })
      const after = await fetch(`${base}/wp-json/vendor/events/v1/events?status=draft`, {
        headers: basic(ADMIN.email, password),
      })
      expect(after.status).toBe(401)
    })

    it('has a Calendar link in the navigation, and “Create New” application passwords lead to the account page', async () => {
      await admin.goto(`${base}/admin/collections/venues?locale=en`)
      // The navigation may be folded away in this window: its link is read, then followed.
      const link = admin.locator('#nav-events-calendar')
      expect(await link.textContent()).toBe('Calendar')
      await admin.goto(new URL((await link.getAttribute('href'))!, base).toString())
      await admin.waitForURL(/\/admin\/collections\/events\/calendar/)
      await admin.locator('.fc-toolbar-title').waitFor()

      await admin.goto(`${base}/admin/collections/application-passwords/create`)
      await admin.waitForURL(/\/admin\/account/)
      await admin.locator('#field-newApplicationPasswordName').waitFor()
    })

    it('refuses an administrator’s change of their own role, with the reason', async () => {
      await admin.goto(`${base}/admin/account`)
      await admin.locator('#field-role').waitFor()
      expect(
        await admin
          .locator('#field-role .clear-indicator, #field-role .rs__clear-indicator')
          .count(),
      ).toBe(0)
      await admin.click('#field-role .rs__control')
      await admin.locator('.rs__option', { hasText: /^Editor$/ }).click()
      await admin.click('#action-save')
      await admin
        .locator('.payload-toast-container')
        .getByText(/You cannot remove your own administrator role/)
        .first()
        .waitFor()
      const me = await (
        await fetch(`${base}/api/users/me`, { headers: basic(ADMIN.email, ADMIN.password) })
      ).json()
      expect(me.user.role).toBe('administrator')
    })

    it('keeps a description written as HTML through the API when an editor saves the event changing only its title', async () => {
      const compat = `${base}/wp-json/vendor/events/v1/events`
      const headers = { ...basic(ADMIN.email, ADMIN.password), 'content-type': 'application/json' }
      const description =
        '<div class="intro">Two  spaces<br>and a break</div>\n\n<!-- wp:paragraph --><p>A block</p><!-- /wp:paragraph -->'
      const created = await fetch(compat, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          title: `Kept HTML ${RUN}`,
          description,
          start_date: '2027-02-10 19:00:00',
          end_date: '2027-02-10 21:00:00',
        }),
      })
      expect(created.status).toBe(201)
      const before = (await created.json()) as { description: string; id: number }
      expect(before.description).toContain('<div class="intro">Two  spaces')

      await admin.goto(`${base}/admin/collections/events/${before.id}?locale=en`)
      await admin.fill('#field-title', `Kept HTML renamed ${RUN}`)
      await closeDatePickers(admin)
      await save(admin)
      const after = (await (await fetch(`${compat}/${before.id}`, { headers })).json()) as {
        description: string
        title: string
      }
      expect(after.title).toBe(`Kept HTML renamed ${RUN}`)
      expect(after.description).toBe(before.description)
    })

    it('threw no uncaught error in any page along the way', () => {
      expect(pageErrors).toEqual([])
    })
  },
)

async function apiToken(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/users/login`, {
    body: JSON.stringify({ email, password }),
    headers: { 'Content-Type': 'application/json' },
    method: 'POST',
  })
  expect(response.status).toBe(200)
  return (await response.json()).token
}
