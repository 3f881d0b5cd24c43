import type { Payload } from 'payload'

import type { Server } from 'node:http'
import next from 'next'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { readEnv, type TrustProxy } from '../env'
import { createExpressApp } from './app'

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * The product's HTTP server: the compatibility API under every REST root, and Next.js (the
 * admin panel at /admin, Payload's REST and GraphQL APIs at /api) for everything else.
 */
export async function createServer(args: {
  dev: boolean
  payload: Payload
  port: number
  trustProxy?: TrustProxy
}): Promise<Server> {
  const { dev, payload, port } = args
  const env = readEnv()
  const app = createExpressApp({
    clientConcurrency: env.clientConcurrency,
    payload,
    trustProxy: args.trustProxy ?? env.trustProxy,
  })
  app.get('/', (_req, res) => res.redirect(payload.config.routes.admin))

  const nextApp = next({ dev, dir: PROJECT_ROOT, quiet: !dev })
  const handle = nextApp.getRequestHandler()
  await nextApp.prepare()
  app.all('/{*splat}', (req, res) => handle(req, res))

  return new Promise((resolve, reject) => {
    const server = app.listen(port, (error?: Error) => (error ? reject(error) : resolve(server)))
  })
}
