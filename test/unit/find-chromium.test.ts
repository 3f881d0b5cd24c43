import fs from 'node:fs'
import { describe, expect, it } from 'vitest'

import { findChromium } from '../e2e/findChromium'

const npmShips = process.platform === 'linux' && process.arch === 'x64'
const systemChromium = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].some((candidate) => fs.existsSync(candidate))

describe('the Chromium the browser tests drive (test/e2e/findChromium.ts)', () => {
  it('is CHROMIUM_PATH when set, whatever else there is', async () => {
    const found = await findChromium({ CHROMIUM_PATH: process.execPath, E2E_BROWSER: 'npm' })
    expect(found).toEqual({ executablePath: process.execPath, source: 'CHROMIUM_PATH' })
    await expect(findChromium({ CHROMIUM_PATH: `${process.execPath}-none` })).rejects.toThrow(
      /No Chromium at CHROMIUM_PATH/,
    )
  })

  it.runIf(npmShips)(
    'is the headless shell from npm by default on Linux x64, even beside a system one',
    async () => {
      const found = await findChromium({})
      expect(found.source).toBe('npm')
      expect(fs.existsSync(found.executablePath)).toBe(true)
    },
  )

  it.runIf(systemChromium)('is the system one when E2E_BROWSER=system', async () => {
    const found = await findChromium({ E2E_BROWSER: 'system' })
    expect(found.source).toBe('system')
    expect(fs.existsSync(found.executablePath)).toBe(true)
  })
})
