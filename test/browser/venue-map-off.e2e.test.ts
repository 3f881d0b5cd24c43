import type { Browser, Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import { driveE2eApp, E2E_ADMIN as ADMIN, newPage, screenshot, signInByApi } from '../e2e/browser'

/*
 * A site without a tile server or a geocoder (the default): the venue form shows a short note in
 * place of the map, offers no "Find on map", and the browser asks no third party for anything.
 */
describe.skipIf(process.env.SKIP_E2E === '1')(
  'a venue’s form without a map',
  { timeout: 120_000 },
  () => {
    let base: string
    let browser: Browser
    let page: Page

    driveE2eApp('venue-map-off', { page: () => page, started: (app) => ({ base, browser } = app) })

    it('shows the note, no map and no "Find on map", and asks only the site', async () => {
      page = await newPage(browser)
      const elsewhere: string[] = []
      page.on('request', (request) => {
        if (!request.url().startsWith(base) && !request.url().startsWith('data:'))
          elsewhere.push(request.url())
      })
      await signInByApi(page, base, ADMIN.email, ADMIN.password)
      await page.goto(`${base}/admin/collections/venues/create`)
      await page.locator('.venue-map__no-map').waitFor()
      expect(await page.locator('.venue-map__no-map').textContent()).toBe(
        'No map preview: this site has no map tile server configured.',
      )
      expect(await page.locator('.leaflet-container').count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Find on map' }).count()).toBe(0)
      await page.waitForLoadState('networkidle')
      expect(elsewhere).toEqual([])
      await screenshot(page, 'venue-map-not-configured-en')
      await page.context().close()
    })
  },
)
