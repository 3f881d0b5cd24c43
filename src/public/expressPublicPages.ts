import type { NextFunction, Request, Response } from 'express'
import type { Payload } from 'payload'

import type { SanitizedPluginConfig } from '../types'

import { sendWebResponse, toHeaders } from '../../endpoints/express'
import { answerEventPage } from './answerEventPage'

/** Express middleware serving the events' public pages (`answerEventPage.ts`); other requests pass through. */
export function publicPageMiddleware(
  getPayload: () => Promise<Payload>,
  options: SanitizedPluginConfig,
) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const search = req.originalUrl.includes('?')
        ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1)
        : ''
      const response = await answerEventPage(await getPayload(), options, {
        clientAddress: req.ip,
        headers: toHeaders(req),
        method: req.method,
        pathname: req.path,
        search,
      })
      if (!response) return next()
      await sendWebResponse(res, response)
    } catch (error) {
      next(error)
    }
  }
}
