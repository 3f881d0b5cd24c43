import type { Payload } from 'payload'

import express from 'express'
import type { AddressInfo } from 'node:net'

import { compatMiddleware } from '../../endpoints/express'
import type { SanitizedPluginConfig } from '../../src/types'

/** The compatibility API on a real HTTP port of this machine, without the admin panel. */
export async function serveCompatApi(payload: Payload): Promise<{ close: () => Promise<void>; url: string }> {
  const app = express()
  app.use(compatMiddleware(async () => payload, payload.config.custom.eventsCalendar as SanitizedPluginConfig))
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return {
    close: () => new Promise((resolve) => server.close(() => resolve())),
    url: `http://127.0.0.1:${port}`,
  }
}

export const basic = (login: string, password: string) => ({
  Authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`,
})
