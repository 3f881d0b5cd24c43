import type { NextFunction, Request, Response } from 'express'

import { isNextStaticFile, resolvedPath } from './nextPaths'

export type FairShareSettings = {
  /** Requests of one client answered at once; 0 turns the limit off. */
  perClient: number
  /** Requests of one client waiting for their turn; more are refused at once. */
  maxQueued: number
  /** How long a request waits for its turn before it is refused. */
  maxWaitMs: number
  /** Whether a request is the compatibility API's (`endpoints/paths.ts`), whose callers get WordPress's error shape. */
  isCompatPath: (path: string, search: URLSearchParams) => boolean
}

type Client = { running: number; waiting: (() => void)[] }

/**
 * One client cannot take the whole server. Every request holds a database connection for part of
 * its life, and the pool is small: a client sending fifty slow requests at once would otherwise
 * queue everyone else behind them. At most `perClient` requests of one client (its address, as
 * `trust proxy` resolves it) are answered at once; the others wait their turn in order, within
 * bounds, then get 429 with `Retry-After`. Other clients are not slowed by the wait. Mounted after
 * the health probes, which a load balancer must reach whatever a client does.
 */
export function fairShare(settings: FairShareSettings) {
  const clients = new Map<string, Client>()
  const release = (key: string, client: Client) => {
    const next = client.waiting.shift()
    if (next) return next()
    client.running--
    if (client.running === 0) clients.delete(key)
  }
  return (req: Request, res: Response, next: NextFunction) => {
    // Next's built files are not the server's work; judged on the path Next resolves, so that
    // `/_next/static/../../api/events` counts as the API request it is.
    if (settings.perClient <= 0 || isNextStaticFile(req.originalUrl)) return next()
    const key = req.ip ?? req.socket.remoteAddress ?? ''
    let client = clients.get(key)
    if (!client) clients.set(key, (client = { running: 0, waiting: [] }))
    const start = () => {
      let released = false
      res.once('close', () => {
        if (released) return
        released = true
        release(key, client)
      })
      next()
    }
    if (client.running < settings.perClient) {
      client.running++
      return start()
    }
    if (client.waiting.length >= settings.maxQueued) return refuse(req, res, settings)
    const turn = () => {
      clearTimeout(timer)
      start()
    }
    const timer = setTimeout(() => {
      client.waiting.splice(client.waiting.indexOf(turn), 1)
      refuse(req, res, settings)
    }, settings.maxWaitMs)
    client.waiting.push(turn)
    // A client that gives up while waiting leaves the line.
    res.once('close', () => {
      const index = client.waiting.indexOf(turn)
      if (index === -1) return
      client.waiting.splice(index, 1)
      clearTimeout(timer)
    })
  }
}

const MESSAGE = 'Too many requests from this client at once. Wait for the ones under way, then try again.'

/** 429 in the shape of the surface asked: WordPress's error for the compatibility API, Payload's otherwise. */
function refuse(req: Request, res: Response, settings: FairShareSettings) {
  if (res.headersSent || res.writableEnded) return
  res.status(429).set('Retry-After', '1')
  if (settings.isCompatPath(resolvedPath(req.originalUrl), searchOf(req.originalUrl))) res.json({ code: 'rest_too_many_requests', message: MESSAGE, data: { status: 429 } })
  else res.json({ errors: [{ message: MESSAGE }] })
}

/** The query of a request's URL as written (`?rest_route=…`); none when it cannot be read. */
function searchOf(url: string): URLSearchParams {
  const query = url.indexOf('?')
  return new URLSearchParams(query === -1 ? '' : url.slice(query + 1))
}
