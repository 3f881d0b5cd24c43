import type { NextFunction, Request, Response } from 'express'

/** What the app serves outside the compatibility API (Next pages, Payload's REST and GraphQL). */
export const SUPPORTED_METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS']

/**
 * Express middleware answering 405 to any other method (TRACE, TRACK, PROPFIND, …). It has to
 * run before a fetch `Request` is built for Next or Payload: `new Request()` throws on TRACE,
 * TRACK and CONNECT, which reached the client as a 500. Mounted after the compatibility API,
 * which answers every method in WordPress's terms (`rest_no_route`).
 */
export function refuseUnsupportedMethods(req: Request, res: Response, next: NextFunction): void {
  if (SUPPORTED_METHODS.includes(req.method.toUpperCase())) return next()
  res
    .status(405)
    .set('Allow', SUPPORTED_METHODS.join(', '))
    .json({ errors: [{ message: 'Method Not Allowed' }] })
}
