import type { NextFunction, Request, Response } from 'express'
import type { Payload } from 'payload'

/** Probes come every few seconds from every load balancer: logged only at `debug`. */
const PROBES = new Set(['/healthz', '/readyz'])

/**
 * One log line per request, once its answer is sent (or the client left): method, path (without
 * the query string, which may carry credentials), status and duration. Through Payload's logger,
 * so LOG_FORMAT and LOG_LEVEL (`payload.config.ts`) apply to it as to everything else.
 */
export function requestLog(payload: Payload) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint()
    const path = req.originalUrl.split('?')[0]!
    let logged = false
    const log = () => {
      if (logged) return
      logged = true
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10
      // 499: the client closed the connection before the answer was complete (nginx's convention).
      const status = res.writableFinished ? res.statusCode : 499
      const entry = { durationMs, method: req.method, path, status }
      const msg = `${req.method} ${path} ${status} ${durationMs}ms`
      if (PROBES.has(path)) payload.logger.debug(entry, msg)
      else payload.logger.info(entry, msg)
    }
    res.once('finish', log)
    res.once('close', log)
    next()
  }
}
