import type { Browser, Page } from 'playwright-core'

import fs from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'

/**
 * Debian's Chromium (`apt-get install chromium`, which `.ci/run` does), or CHROMIUM_PATH. The
 * flags are what a root user on a machine without network needs: no sandbox, no GPU, and none
 * of Chromium's own calls home, which a closed network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-results/e2e')

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}. Install Debian's package (apt-get install chromium) or set CHROMIUM_PATH; SKIP_E2E=1 skips the browser tests.`,
    )
  }
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  return chromium.launch({
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
    executablePath: CHROMIUM_PATH,
    headless: true,
  })
}

/** Uncaught errors in any page of the run: a screen that throws is a failure even when the test's clicks go through. */
export const pageErrors: string[] = []

/** A fresh browser profile (Playwright gives each context its own), in the site's timezone. */
export async function newPage(browser: Browser, timezoneId = 'America/New_York'): Promise<Page> {
  const context = await browser.newContext({ timezoneId, viewport: { height: 1000, width: 1400 } })
  const page = await context.newPage()
  page.setDefaultTimeout(30_000)
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`))
  return page
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ fullPage: true, path: path.join(ARTIFACTS, `${name}.png`) })
}

export async function signIn(page: Page, base: string, login: string, password: string): Promise<void> {
  await page.goto(`${base}/admin/login`)
  await page.fill('input[name="username"]', login)
  await page.fill('input[name="password"]', password)
  await page.click('button[type="submit"]')
  await page.waitForURL((url) => /\/admin\/?$/.test(url.pathname))
}
