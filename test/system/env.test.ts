import { spawn } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

import { EnvError, readEnv, refuseDevelopmentSecretInProduction } from '../../src/env'
import { defaultWorkerCount } from '../../src/server/workers'
import { nodeArgs } from '../helpers/processBundles'

const ROOT = path.resolve(import.meta.dirname, '../..')

const envOf = (values: Record<string, string>) =>
  readEnv({ PORT: '3000', ...values } as unknown as NodeJS.ProcessEnv)

/** Which origins' signed-in browsers may write (`csrf` in `payload.config.ts`; its effect: `test/auth-guard.test.ts`). */
describe('the signed-in origins of npm start', () => {
  it('are this machine under each loopback name when SITE_URL is not set', () => {
    expect(envOf({}).signedInOrigins).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ])
  })

  it('are the site’s own origin alone once SITE_URL names it', () => {
    expect(envOf({ SITE_URL: 'https://events.example.org/' }).signedInOrigins).toEqual([
      'https://events.example.org',
    ])
  })
})

/** `npm start` with NODE_ENV=production and no PAYLOAD_SECRET (issue 25, finding 12): the public development secret would sign its tokens. */
describe('the development secret in production', () => {
  it('is refused by name when NODE_ENV is production, and only then', () => {
    expect(() => refuseDevelopmentSecretInProduction(envOf({}), 'production')).toThrow(EnvError)
    expect(() => refuseDevelopmentSecretInProduction(envOf({}), 'production')).toThrow(
      /PAYLOAD_SECRET is not set, and NODE_ENV is production/,
    )
    expect(() =>
      refuseDevelopmentSecretInProduction(envOf({ PAYLOAD_SECRET: 'a-real-secret' }), 'production'),
    ).not.toThrow()
    for (const nodeEnv of [undefined, 'development', 'test'])
      expect(() => refuseDevelopmentSecretInProduction(envOf({}), nodeEnv)).not.toThrow()
  })

  it('stops `npm start` before it builds or touches a database, with a message naming the variable', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      NODE_ENV: 'production',
      PAYLOAD_SECRET: '',
      WEB_CONCURRENCY: '1',
    }
    const started = Date.now()
    const { code, output } = await new Promise<{ code: null | number; output: string }>(
      (resolve, reject) => {
        const child = spawn(process.execPath, nodeArgs('src/server/start.ts'), {
          cwd: ROOT,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        let output = ''
        child.stdout!.on('data', (chunk) => (output += chunk))
        child.stderr!.on('data', (chunk) => (output += chunk))
        child.on('error', reject)
        child.on('exit', (code) => resolve({ code, output }))
      },
    )
    expect(code).toBe(1)
    expect(output).toContain('PAYLOAD_SECRET is not set, and NODE_ENV is production')
    expect(output).not.toMatch(/Building the admin|Ready on/)
    expect(Date.now() - started).toBeLessThan(30_000)
  })
})

/** How many worker processes `npm start` forks (src/server/workers.ts; test/system/cluster.test.ts runs them). */
describe('WEB_CONCURRENCY', () => {
  it('is a whole number of processes from 1 to 256, and anything else is refused by name', () => {
    expect(envOf({}).webConcurrency).toBeUndefined()
    expect(envOf({ WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3)
    for (const value of ['0', '1.5', 'two', '257'])
      expect(() => envOf({ WEB_CONCURRENCY: value }), value).toThrow(/WEB_CONCURRENCY/)
  })

  it('defaults to a worker per core but one, and at least one', () => {
    expect([1, 2, 3, 4, 16].map(defaultWorkerCount)).toEqual([1, 1, 2, 3, 15])
  })
})
