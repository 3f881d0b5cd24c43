import type { Payload } from 'payload'

import type { Request, Response } from 'express'
import type { Server } from 'node:http'
import next from 'next'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { AdminBuild } from './build'

import { readEnv, type TrustProxy } from '../env'
import { pluginOptionsOf } from '../pluginOptions'
import { apiDiscovery, discoveryHeaders } from '../public/apiDiscovery'
import { adminBuildingAnswer } from './adminBuilding'
import { createExpressApp } from './app'
import { payloadApiRoute } from './payloadApiRoute'

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * The product's HTTP server: the compatibility API under every REST root, and Next.js (the
 * admin panel at /admin, Payload's REST and GraphQL APIs at /api) for everything else.
 *
 * `adminBuild`: the admin panel is being built. The server listens at once: Payload's APIs are
 * served without Next.js meanwhile (`payloadApiRoute.ts`), the admin's addresses answer that it
 * is being built (`adminBuilding.ts`), and Next.js takes over when the build is done.
 */
export async function createServer(args: {
  adminBuild?: AdminBuild
  dev: boolean
  log?: (message: string) => void
  payload: Payload
  port: number
  trustProxy?: TrustProxy
}): Promise<Server> {
  const { adminBuild, dev, payload, port } = args
  const env = readEnv()
  const app = createExpressApp({
    clientConcurrency: env.clientConcurrency,
    payload,
    trustProxy: args.trustProxy ?? env.trustProxy,
  })
  // The site's root leads people to the admin, and tells clients where the API is, as a
  // WordPress site's home page does (src/public/apiDiscovery.ts).
  const rootDiscovery = discoveryHeaders(apiDiscovery(pluginOptionsOf(payload), ''))
  app.get('/', (_req, res) => res.set(rootDiscovery).redirect(payload.config.routes.admin))

  let serveNext: ((req: Request, res: Response) => Promise<void>) | undefined
  const startNext = async () => {
    const nextApp = next({ dev, dir: PROJECT_ROOT, quiet: !dev })
    const handle = nextApp.getRequestHandler()
    await nextApp.prepare()
    serveNext = (req, res) => handle(req, res)
  }
  if (adminBuild) {
    let failed = false
    const api = payloadApiRoute(payload)
    const building = adminBuildingAnswer(adminBuild, () => failed)
    const apiRoute = payload.config.routes.api
    app.all('/{*splat}', (req, res, next) => {
      if (serveNext) return void serveNext(req, res)
      if (req.path === apiRoute || req.path.startsWith(`${apiRoute}/`))
        return void api(req, res, next)
      building(req, res)
    })
    adminBuild.done.then(startNext).then(
      () => args.log?.('The admin panel is ready.'),
      (error: unknown) => {
        failed = true
        console.error('[events-calendar] the admin panel could not be built:', error)
      },
    )
  } else {
    await startNext()
    app.all('/{*splat}', (req, res) => serveNext!(req, res))
  }

  return new Promise((resolve, reject) => {
    const server = app.listen(port, (error?: Error) => (error ? reject(error) : resolve(server)))
  })
}
