import type { NextFunction, Request, Response } from 'express'
import type { Payload } from 'payload'

import express from 'express'

import type { TrustProxy } from '../env'

import { compatMiddleware } from '../../endpoints/express'
import { locateCompatPath } from '../../endpoints/paths'
import { CLIENT_ADDRESS_HEADER, signClientAddress } from '../auth/clientAddress'
import { feedMiddleware } from '../feeds/expressFeeds'
import { publicPageMiddleware } from '../public/expressPublicPages'
import { closeConnectionsWhileDraining } from './draining'
import { fairShare } from './fairShare'
import { healthRoutes } from './health'
import { refuseImageOptimizer } from './nextPaths'
import { refuseUnsupportedMethods } from './refuseUnsupportedMethods'
import { requestLog } from './requestLog'
import { pluginOptionsOf } from '../pluginOptions'

/** Requests of one client answered at once (`CLIENT_CONCURRENCY`), fewer than the database pool's connections. */
export const DEFAULT_CLIENT_CONCURRENCY = 8

/**
 * The Express app in front of everything, without Next.js (`src/server/server.ts` mounts Next
 * after it; tests mount Payload's handlers instead): a log line per request, the health probes,
 * no image optimizer (`./nextPaths.ts`), each client's fair share (`./fairShare.ts`), which
 * proxies to believe, the compatibility API, the client's address handed down to Payload, the
 * calendar feeds, the events' public pages, then methods nothing else serves.
 */
export function createExpressApp(args: {
  clientConcurrency?: number
  payload: Payload
  trustProxy: TrustProxy
}): express.Express {
  const { payload } = args
  const options = pluginOptionsOf(payload)
  const app = express()
  app.disable('x-powered-by')
  // `false` by default: `req.ip` is the socket's address, and an `X-Forwarded-For` sent by the
  // client itself changes nothing. Behind a reverse proxy, TRUST_PROXY names it.
  try {
    app.set('trust proxy', args.trustProxy)
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${(error as Error).message}`, { cause: error })
  }
  app.use(requestLog(payload))
  app.use(closeConnectionsWhileDraining)
  app.use(healthRoutes(payload))
  app.use(refuseImageOptimizer)
  app.use(
    fairShare({
      isCompatPath: (path, search) => locateCompatPath(path, options, search) !== null,
      maxQueued: 256,
      maxWaitMs: 15_000,
      perClient: args.clientConcurrency ?? DEFAULT_CLIENT_CONCURRENCY,
    }),
  )
  // The compatibility API first: it hands the client's address down itself, and the rest of the
  // chain (a signed header, the feeds' own look at the path) is work its requests need not pay.
  app.use(compatMiddleware(async () => payload, options))
  app.use(clientAddressMiddleware(payload.secret))
  app.use(feedMiddleware(async () => payload, options))
  app.use(publicPageMiddleware(async () => payload, options))
  app.use(refuseUnsupportedMethods)
  return app
}

/**
 * Puts the client's address, as `trust proxy` resolves it, in a signed private header on every
 * request (`src/auth/clientAddress.ts`), replacing whatever the client sent under that name, so
 * that Payload's surfaces inside Next (login, Basic on `/api`) slow down the right address.
 */
export function clientAddressMiddleware(secret: string) {
  return (req: Request, _res: Response, next: NextFunction) => {
    delete req.headers[CLIENT_ADDRESS_HEADER]
    if (req.ip) req.headers[CLIENT_ADDRESS_HEADER] = signClientAddress(secret, req.ip)
    next()
  }
}
