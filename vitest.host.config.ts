import { defineConfig } from 'vitest/config'

/**
 * `npm run test:host`: the plugin packed and installed into a new host app
 * (test/host-app/host-app.test.ts). Not merged with vitest.config.ts: merging would add this
 * `include` to that one's instead of replacing it.
 */
export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['./test/globalSetup.ts'],
    setupFiles: ['./test/setupEnv.ts'],
    include: ['test/host-app/**/*.test.ts'],
    hookTimeout: 30 * 60_000,
    testTimeout: 120_000,
  },
})
