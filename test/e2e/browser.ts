import type { Browser, Locator, Page } from 'playwright-core'

import fs from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'

import { afterAll, afterEach, beforeAll, inject } from 'vitest'

import { startServerProcess } from '../helpers/serverProcess'
import { dropTemplateCopy, templateCopy } from '../helpers/workerDatabase'
import { findChromium } from './findChromium'
import { ARTIFACTS, E2E_ADMIN, e2eAppEnv } from './sharedApps'

export { ARTIFACTS, E2E_ADMIN }

/**
 * What a root user on a machine without network needs: no sandbox, no GPU, and none of
 * Chromium's own calls home, which a closed network refuses. The same flags for the system
 * browser and the npm one: `@sparticuz/chromium`'s own recommended `args` are for serverless
 * functions (`--single-process`, `--disable-web-security`), which would make these tests run
 * in a browser unlike an editor's.
 */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // JavaScript runs in V8's interpreter and baseline compiler only: its optimizing compilers
  // (TurboFan, Maglev) pay off in a page that runs for minutes, not in a test's page that is
  // left after a few clicks, so their work is CPU spent for nothing (bench/RESULTS.md, "The
  // test run's CPU (issue 30)"). What the page does is the same, only its speed differs.
  '--js-flags=--no-opt --no-maglev',
]

export async function launchChromium(): Promise<Browser> {
  const found = await findChromium()
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  try {
    return await chromium.launch({
      args: FLAGS,
      executablePath: found.executablePath,
      headless: true,
    })
  } catch (error) {
    throw new Error(
      `Chromium (${found.source}: ${found.executablePath}) did not start: ${(error as Error).message}\nSet CHROMIUM_PATH to another Chromium, or SKIP_E2E=1 to skip the browser tests.`,
      { cause: error },
    )
  }
}

/** Uncaught errors in any page of the run: a screen that throws is a failure even when the test's clicks go through. */
export const pageErrors: string[] = []

/**
 * A fresh browser profile (Playwright gives each context its own), in the site's timezone unless
 * told another, and in English unless told another language (its Accept-Language and
 * `navigator.language`, from which Payload picks the admin's language).
 */
export async function newPage(
  browser: Browser,
  timezoneId = 'America/New_York',
  locale = 'en-US',
): Promise<Page> {
  const context = await browser.newContext({
    locale,
    timezoneId,
    viewport: { height: 1000, width: 1400 },
  })
  const page = await context.newPage()
  page.setDefaultTimeout(30_000)
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`))
  return page
}

/**
 * A picture of a step for a person to look at, written with `E2E_SCREENSHOTS=1` only: no test
 * reads them, and a full page's picture costs the browser about a third as much as loading the
 * page did. A failed step's picture is always written (`failureScreenshot`).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!['1', 'true'].includes(process.env.E2E_SCREENSHOTS ?? '')) return
  await failureScreenshot(page, name)
}

/** A failed step's picture, written whatever the settings. */
export async function failureScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ fullPage: true, path: path.join(ARTIFACTS, `${name}.png`) })
}

/**
 * Waits until React has hydrated the element at `selector` (its props, handlers among them, are
 * on the element), so that what a test types stays and its clicks are handled: until then the
 * server's HTML takes the keys, and hydration puts the form's own (empty) state back.
 */
export async function untilHydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((selector) => {
    const element = document.querySelector(selector)
    return Boolean(element && Object.keys(element).some((key) => key.startsWith('__reactProps')))
  }, selector)
}

export async function signIn(
  page: Page,
  base: string,
  login: string,
  password: string,
): Promise<void> {
  await page.goto(`${base}/admin/login`)
  await untilHydrated(page, 'input[name="password"]')
  await page.fill('input[name="username"]', login)
  await page.fill('input[name="password"]', password)
  await page.click('button[type="submit"]')
  await page.waitForURL((url) => /\/admin\/?$/.test(url.pathname))
}

/**
 * Signs the page's browser context in through Payload's REST login (the session cookie the form's
 * sign-in gets), without loading the login page and the dashboard: for tests of what comes after
 * signing in, which go to their own page next. Tests of signing in itself use `signIn`.
 */
export async function signInByApi(
  page: Page,
  base: string,
  email: string,
  password: string,
): Promise<void> {
  const response = await page.request.post(`${base}/api/users/login`, {
    data: { email, password },
  })
  if (!response.ok()) throw new Error(`Signing in as ${email} answered ${response.status()}`)
}

/**
 * Drags `from` onto `to` with the mouse, in small steps. FullCalendar starts a drag only once the
 * pointer has moved past its threshold after the press, and follows the pointer's moves to find
 * the drop target: Playwright's one-step `dragTo` sometimes lands before the drag has begun, and
 * the event stays where it was.
 */
export async function dragWithMouse(page: Page, from: Locator, to: Locator): Promise<void> {
  // The calendar may render its events again (a refetch) between finding one and measuring it.
  let start: Awaited<ReturnType<Locator['boundingBox']>> = null
  let end: Awaited<ReturnType<Locator['boundingBox']>> = null
  for (let attempt = 0; attempt < 50 && (!start || !end); attempt++) {
    if (attempt) await page.waitForTimeout(200)
    await from.scrollIntoViewIfNeeded().catch(() => undefined)
    start = await from.boundingBox().catch(() => null)
    end = await to.boundingBox().catch(() => null)
  }
  if (!start || !end) throw new Error('dragWithMouse: the source or the target is not on screen')
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2)
  await page.mouse.down()
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2 + 10, {
    steps: 5,
  })
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 15 })
  await page.mouse.up()
}

/**
 * The app a browser file drives: E2E_BASE_URL when set, otherwise the real server process
 * (`npm start`, the built admin, with `env` added to its settings; the job queue running, as it
 * does by default, which the tests' own settings turn off) on a database of the file's
 * own, a copy of the migrated template (so browser files run side by side, and beside the system
 * tier's), whose log is kept beside the screenshots (`{logName}-server.log`) when it stops.
 */
export async function startE2eApp(
  logName: string,
  env: Record<string, string> = {},
): Promise<{ base: string; stop: () => Promise<void> }> {
  if (process.env.E2E_BASE_URL) return { base: process.env.E2E_BASE_URL, stop: async () => {} }
  const name = `events_calendar_test_e2e_${process.env.VITEST_POOL_ID ?? '1'}_${logName}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 63)
  const databaseUrl = await templateCopy(name, { fresh: true })
  const server = await startServerProcess({ databaseUrl, env: e2eAppEnv(env) })
  return {
    base: server.base,
    stop: async () => {
      await server.stop()
      fs.mkdirSync(ARTIFACTS, { recursive: true })
      fs.writeFileSync(path.join(ARTIFACTS, `${logName}-server.log`), server.output())
      await dropTemplateCopy(name)
    },
  }
}

/**
 * An app shared with the browser files run before and beside this one (test/e2e/sharedApps.ts),
 * lent to this file until `stop`: for a file that needs no settings of its own and makes its own
 * data under names of its own. E2E_BASE_URL when set, as `startE2eApp`.
 */
export async function claimSharedApp(): Promise<{ base: string; stop: () => Promise<void> }> {
  if (process.env.E2E_BASE_URL) return { base: process.env.E2E_BASE_URL, stop: async () => {} }
  const broker = inject('e2eAppBroker')
  if (!broker) throw new Error('no shared apps in this tier (test/globalSetup.ts)')
  const claimed = await fetch(`${broker}/claim`, { method: 'POST' })
  const body = (await claimed.json()) as { base: string; error?: string; id: number }
  if (!claimed.ok) throw new Error(`no shared app: ${body.error}`)
  return {
    base: body.base,
    stop: async () => void (await fetch(`${broker}/release?id=${body.id}`, { method: 'POST' })),
  }
}

/** Payload's REST from a signed-in admin page, with its session, as the admin's own requests are made. */
export async function restInPage(
  page: Page,
  method: string,
  url: string,
  data?: unknown,
): Promise<{ body: any; status: number }> {
  return page.evaluate(
    async ({ data, method, url }) => {
      const response = await fetch(url, {
        body: data === undefined ? undefined : JSON.stringify(data),
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        method,
      })
      return { body: await response.json(), status: response.status }
    },
    { data, method, url },
  )
}

/**
 * The app and Chromium a browser file drives, ready before its tests and stopped (or given back)
 * after them: an app of the file's own (`startE2eApp`) when it names settings (`env`), otherwise a
 * shared one (`claimSharedApp`); `started` hands the file its address and browser. A failed test's page
 * (`page()`, when the file has one open) is saved as `failed-{logName}-{the test's name}`.
 */
export function driveE2eApp(
  logName: string,
  hooks: {
    env?: Record<string, string>
    page: () => Page | undefined
    started: (app: { base: string; browser: Browser }) => void
  },
): void {
  let app: Awaited<ReturnType<typeof startE2eApp>> | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    app = hooks.env ? await startE2eApp(logName, hooks.env) : await claimSharedApp()
    browser = await launchChromium()
    hooks.started({ base: app.base, browser })
  }, 600_000)
  afterEach(async ({ task }) => {
    const page = hooks.page()
    if (task.result?.state === 'fail' && page)
      await failureScreenshot(
        page,
        `failed-${logName}-${task.name.slice(0, 40).replace(/\W+/g, '-')}`,
      )
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })
}
