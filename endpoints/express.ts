import type { NextFunction, Request, Response } from 'express'
import type { Payload } from 'payload'

import express from 'express'
import { Readable } from 'node:stream'

import type { SanitizedPluginConfig } from '../src/types'

import { dispatchCompatRequest } from './dispatch'
import { requestTooLarge, unreadableBody } from './errors'
import { locateCompatPath } from './paths'

/** The largest request body the API reads; WordPress sites usually stop around here too. */
export const MAX_BODY_BYTES = 1024 * 1024

/**
 * Express middleware serving the compatibility API under every REST root (`/wp-json`,
 * `/fr/wp-json`, … as `restRoot` and `languages` say) and under Payload's API route
 * (`/api/vendor/events/v1`, trailing slash included, which Next.js would redirect); other
 * paths, and every path while the plugin is disabled, pass through to the next handler.
 */
export function compatMiddleware(
  getPayload: () => Promise<Payload>,
  options: SanitizedPluginConfig,
) {
  const readBody = express.text({ limit: MAX_BODY_BYTES, type: () => true })
  return (req: Request, res: Response, next: NextFunction) => {
    const search = new URLSearchParams(
      req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '',
    )
    const located = options.disabled ? null : locateCompatPath(req.path, options, search)
    if (!located) return next()
    readBody(req, res, async (bodyError?: unknown) => {
      try {
        if (bodyError) {
          const tooLarge = (bodyError as { type?: string }).type === 'entity.too.large'
          const error = tooLarge ? requestTooLarge() : unreadableBody()
          res
            .status(error.status)
            .type('application/json; charset=UTF-8')
            .send(JSON.stringify(error.toBody()))
          return
        }
        const search = req.originalUrl.includes('?')
          ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1)
          : ''
        // Aborted when the caller hangs up before its answer is sent (a heavy read then leaves its line).
        const hangUp = new AbortController()
        res.once('close', () => {
          if (!res.writableFinished) hangUp.abort()
        })
        const response = await dispatchCompatRequest(await getPayload(), options, {
          body: typeof req.body === 'string' ? req.body : undefined,
          clientAddress: req.ip,
          headers: toHeaders(req),
          method: req.method,
          path: located.path,
          query: search,
          restBase: `${options.siteUrl}${located.rootPath}`,
          rootLanguage: located.rootLanguage,
          signal: hangUp.signal,
        })
        await sendWebResponse(res, response)
      } catch (error) {
        next(error)
      }
    })
  }
}

export function toHeaders(req: Request): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item))
    else if (value !== undefined) headers.set(name, value)
  }
  return headers
}

export async function sendWebResponse(res: Response, response: globalThis.Response): Promise<void> {
  res.status(response.status)
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) res.setHeader('set-cookie', cookies)
  if (!response.body) {
    res.end()
    return
  }
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(response.body as never)
      .on('error', reject)
      .pipe(res)
      .on('finish', resolve)
      .on('error', reject)
  })
}
