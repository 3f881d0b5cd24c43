import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['./test/globalSetup.ts'],
    setupFiles: ['./test/setupEnv.ts'],
    include: ['test/**/*.test.ts', 'src/**/*.spec.ts'],
    // The host-app test packs the plugin and builds a second app (minutes): `npm run test:host`.
    exclude: ['test/host-app/**', 'node_modules/**'],
    // One database for the whole run: files take turns so that none sees another's half-done work.
    fileParallelism: false,
    hookTimeout: 300_000,
    testTimeout: 60_000,
  },
})
