/**
 * One instance of the app as far as the webhooks go, in a process of its own: the compatibility
 * API (to write through) and the calendar's job queue run as `npm start` runs it
 * (`startCalendarQueueRunner`), on a cron of `QUEUE_CRON` (seconds allowed). Without the admin
 * panel, so that no build is needed. Prints `listening <port>` when ready.
 */
import express from 'express'
import type { AddressInfo } from 'node:net'

import { compatMiddleware } from '../../endpoints/express'
import { readEnv } from '../../src/env'
import { startCalendarQueueRunner } from '../../src/jobs/calendarQueueRunner'
import { pluginOptionsOf } from '../../src/pluginOptions'
import { bootPayload, ensureAdministrator } from '../../src/server/db/boot'

async function main() {
  const payload = await bootPayload()
  await ensureAdministrator(payload, readEnv())
  const runner = startCalendarQueueRunner(payload, process.env.QUEUE_CRON ?? '* * * * * *')
  const app = express()
  app.use(compatMiddleware(async () => payload, pluginOptionsOf(payload)))
  const server = app.listen(0, '127.0.0.1', () => {
    console.log(`listening ${(server.address() as AddressInfo).port}`)
  })
  process.once('SIGTERM', () => {
    server.close()
    void runner.stop().then(() => process.exit(0))
  })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
