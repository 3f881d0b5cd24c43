import type { NextFunction, Request, Response } from 'express'

import { Turns } from '../lib/turns'
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

/**
 * One client cannot take the whole server. Every request holds a database connection for part of
 * its life, and the pool is small: a client sending fifty slow requests at once would otherwise
 * queue everyone else behind them. At most `perClient` requests of one client (its address, as
 * `trust proxy` resolves it) are answered at once; the others wait their turn in order, within
 * bounds, then get 429 with `Retry-After`. Other clients are not slowed by the wait. Mounted after
 * the health probes, which a load balancer must reach whatever a client does.
 */
export function fairShare(settings: FairShareSettings) {
  const clients = new Map<string, Turns>()
  // A client with nothing running or waiting is forgotten, so the map holds only active clients.
  const forgetIdle = (key: string, turns: Turns) => {
    const { holding, waiting } = turns.load
    if (holding === 0 && waiting === 0 && clients.get(key) === turns) clients.delete(key)
  }
  return async (req: Request, res: Response, next: NextFunction) => {
    // Next's built files are not the server's work; judged on the path Next resolves, so that
    // `/_next/static/../../api/events` counts as the API request it is.
    if (settings.perClient <= 0 || isNextStaticFile(req.originalUrl)) return next()
    const key = req.ip ?? req.socket.remoteAddress ?? ''
    let turns = clients.get(key)
    if (!turns)
      clients.set(
        key,
        (turns = new Turns({
          concurrent: settings.perClient,
          maxWaiting: settings.maxQueued,
          maxWaitMs: settings.maxWaitMs,
        })),
      )
    // A client that gives up while waiting leaves the line.
    const hungUp = new AbortController()
    const abort = () => hungUp.abort()
    res.once('close', abort)
    const turn = await turns.take(hungUp.signal)
    res.off('close', abort)
    if (typeof turn === 'string') {
      forgetIdle(key, turns)
      if (turn !== 'gave-up') refuse(req, res, settings)
      return
    }
    const heldTurns = turns
    const giveBack = () => {
      turn()
      forgetIdle(key, heldTurns)
    }
    // Hung up between being given the turn and taking it: nothing to answer.
    if (hungUp.signal.aborted) return giveBack()
    res.once('close', giveBack)
    next()
  }
}

const MESSAGE =
  'Too many requests from this client at once. Wait for the ones under way, then try again.'

/** 429 in the shape of the surface asked: WordPress's error for the compatibility API, Payload's otherwise. */
function refuse(req: Request, res: Response, settings: FairShareSettings) {
  if (res.headersSent || res.writableEnded) return
  res.status(429).set('Retry-After', '1')
  if (settings.isCompatPath(resolvedPath(req.originalUrl), searchOf(req.originalUrl)))
    res.json({ code: 'rest_too_many_requests', message: MESSAGE, data: { status: 429 } })
  else res.json({ errors: [{ message: MESSAGE }] })
}

/** The query of a request's URL as written (`?rest_route=…`); none when it cannot be read. */
function searchOf(url: string): URLSearchParams {
  const query = url.indexOf('?')
  return new URLSearchParams(query === -1 ? '' : url.slice(query + 1))
}
