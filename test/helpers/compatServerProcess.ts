/**
 * The compatibility API alone, in a process of its own, for tests that must kill the server
 * (crashes) or watch its memory (soak). Prints `listening <port>` when ready.
 */
import express from 'express'
import type { AddressInfo } from 'node:net'

import { compatMiddleware } from '../../endpoints/express'
import { bootPayload } from '../../src/server/db/boot'
import { pluginOptionsOf } from '../../src/pluginOptions'

async function main() {
  const payload = await bootPayload()
  const app = express()
  app.use(compatMiddleware(async () => payload, pluginOptionsOf(payload)))
  const server = app.listen(0, '127.0.0.1', () => {
    console.log(`listening ${(server.address() as AddressInfo).port}`)
  })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
