import { describe, expect, it } from 'vitest'

import { readEnv } from '../src/env'

const envOf = (values: Record<string, string>) => readEnv({ PORT: '3000', ...values } as unknown as NodeJS.ProcessEnv)

/** Which origins' signed-in browsers may write (`csrf` in `payload.config.ts`; its effect: `test/auth-guard.test.ts`). */
describe('the signed-in origins of npm start', () => {
  it('are this machine under each loopback name when SITE_URL is not set', () => {
    expect(envOf({}).signedInOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
  })

  it('are the site’s own origin alone once SITE_URL names it', () => {
    expect(envOf({ SITE_URL: 'https://events.example.org/' }).signedInOrigins).toEqual(['https://events.example.org'])
  })
})
