import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/** Where the browser tests' Chromium comes from, for the log and the error messages. */
export type ChromiumSource = 'CHROMIUM_PATH' | 'npm' | 'system'

export type FoundChromium = { executablePath: string; source: ChromiumSource }

/** Debian's package (`apt-get install chromium`) and the usual names elsewhere. */
const SYSTEM_CHROMIUMS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
]

/**
 * The Chromium the browser tests drive, in this order:
 * 1. `CHROMIUM_PATH`, when set: the caller's choice, used as given;
 * 2. on Linux x64, `@sparticuz/chromium` from the npm registry (a dev dependency): Chromium's
 *    headless shell (`chrome-headless-shell`, what Playwright itself drives for headless runs),
 *    compressed, unpacked into the temporary directory on first use (about 2 s). It renders pages
 *    with Chromium's engine (Blink, V8) but without the full browser around it, so the same tests
 *    cost about half the CPU they cost in the full browser's headless mode (bench/RESULTS.md,
 *    "The test run's CPU (issue 30)"). It links system libraries (NSS, NSPR, expat) that
 *    installing the system's Chromium brings (`.ci/run`);
 * 3. the system's Chromium (the full browser, in its headless mode): elsewhere, or when the npm
 *    one is refused.
 * `E2E_BROWSER=system` uses the system one only (to check the full browser), `E2E_BROWSER=npm`
 * the npm one only.
 */
export async function findChromium(
  env: Partial<NodeJS.ProcessEnv> = process.env,
): Promise<FoundChromium> {
  if (env.CHROMIUM_PATH) {
    if (!fs.existsSync(env.CHROMIUM_PATH))
      throw new Error(`No Chromium at CHROMIUM_PATH=${env.CHROMIUM_PATH}.`)
    return { executablePath: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' }
  }
  const npmShips = process.platform === 'linux' && process.arch === 'x64'
  if (env.E2E_BROWSER !== 'system' && (npmShips || env.E2E_BROWSER === 'npm'))
    return { executablePath: await npmChromium(), source: 'npm' }
  const system = SYSTEM_CHROMIUMS.find((candidate) => fs.existsSync(candidate))
  if (system) return { executablePath: system, source: 'system' }
  throw new Error(
    `No system Chromium (looked for ${SYSTEM_CHROMIUMS.join(', ')}), and @sparticuz/chromium only ships Chromium for Linux x64 (this is ${process.platform} ${process.arch}). Set CHROMIUM_PATH to a local Chromium or Chrome; SKIP_E2E=1 skips the browser tests.`,
  )
}

async function npmChromium(): Promise<string> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `@sparticuz/chromium only ships Chromium for Linux x64 (this is ${process.platform} ${process.arch}). Set CHROMIUM_PATH to a local Chromium or Chrome; SKIP_E2E=1 skips the browser tests.`,
    )
  }
  const { default: chromium } = await import('@sparticuz/chromium')
  // No WebGL in the admin panel: the software GL library need not be unpacked.
  chromium.setGraphicsMode = false
  return withUnpackLock(() => chromium.executablePath())
}

/** A lock older than this was left by a process that died while unpacking. */
const STALE_LOCK_MS = 120_000

/**
 * Runs `unpack` while holding a lock shared by every process of the machine. @sparticuz/chromium
 * unpacks into `<tmp>/chromium` and takes the file's existence as done: a second browser file
 * starting meanwhile would launch the half-written file and fail with `spawn ETXTBSY`. With the
 * lock, the second waits and then finds the browser whole.
 */
export async function withUnpackLock<T>(
  unpack: () => Promise<T>,
  lock = path.join(os.tmpdir(), 'pec-chromium-unpack.lock'),
): Promise<T> {
  for (;;) {
    try {
      await fs.promises.mkdir(lock)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const since = await fs.promises.stat(lock).then(
      (stat) => Date.now() - stat.mtimeMs,
      () => 0,
    )
    if (since > STALE_LOCK_MS) await fs.promises.rm(lock, { force: true, recursive: true })
    else await sleep(100)
  }
  try {
    return await unpack()
  } finally {
    await fs.promises.rm(lock, { force: true, recursive: true })
  }
}
