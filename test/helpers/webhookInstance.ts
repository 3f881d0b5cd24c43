/**
 * One instance of the app as far as the webhooks go, in a process of its own: the compatibility
 * API (to write through) and the calendar's job queue run as `npm start` runs it
 * (`startCalendarQueueRunner`), on a cron of `QUEUE_CRON` (seconds allowed). `DELIVERY_CRON`, when
 * set, is the webhooks' delivery schedule in place of the plugin's (once a minute), so that a test
 * waits seconds for a delivery rather than the next minute. Without the admin panel, so that no
 * build is needed. Prints `listening <port>` when ready.
 */
import express from 'express'
import type { AddressInfo } from 'node:net'

import { compatMiddleware } from '../../endpoints/express'
import { readEnv } from '../../src/env'
import { startCalendarQueueRunner } from '../../src/jobs/calendarQueueRunner'
import { DELIVER_WEBHOOKS_TASK } from '../../src/jobs/deliverWebhooks'
import { pluginOptionsOf } from '../../src/pluginOptions'
import { startPayload } from '../../src/db/boot'
import { ensureAdministrator } from '../../src/server/db/boot'

/** The app's config, the webhooks' delivery on `DELIVERY_CRON` when set. */
async function appConfig() {
  const { default: config, migrations } = await import('../../payload.config')
  const sanitized = await config
  const cron = process.env.DELIVERY_CRON
  const task = sanitized.jobs.tasks?.find((each) => each.slug === DELIVER_WEBHOOKS_TASK)
  if (cron && task) task.schedule = task.schedule?.map((schedule) => ({ ...schedule, cron }))
  return { config: sanitized, migrations }
}

async function main() {
  const payload = await startPayload(await appConfig())
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
