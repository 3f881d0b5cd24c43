import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startServerProcess } from '../helpers/serverProcess'
import { migratedDatabase } from '../helpers/workerDatabase'

/*
 * The JSON request log is written in the background (`src/server/logger.ts`): a stop writes what
 * is left before the process ends (`src/server/start.ts`), so the last requests' lines are never lost.
 */
describe('the request log on a stop (LOG_FORMAT=json)', () => {
  const database = migratedDatabase('request_log_flush')
  beforeAll(database.create)
  afterAll(database.drop)

  it(
    'writes every request answered before the stop, before the line saying it stopped',
    { timeout: 300_000 },
    async () => {
      const server = await startServerProcess({
        databaseUrl: database.url,
        env: { LOG_FORMAT: 'json', SHUTDOWN_DRAIN_MS: '0' },
      })
      const paths = Array.from(
        { length: 20 },
        (_, n) => `/wp-json/vendor/events/v1/events?page=${n + 1}`,
      )
      for (const path of paths) await (await fetch(`${server.base}${path}`)).text()
      await server.stop()
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; path?: string })
      const stopped = lines.findIndex((line) => line.msg === 'stopped')
      expect(stopped).toBeGreaterThan(0)
      const logged = lines
        .slice(0, stopped)
        .filter((line) => line.path === '/wp-json/vendor/events/v1/events')
      expect(logged).toHaveLength(paths.length)
    },
  )
})
