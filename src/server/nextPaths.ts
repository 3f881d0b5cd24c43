import type { NextFunction, Request, Response } from 'express'

/**
 * A request's path as Next.js resolves it to a route: WHATWG URL parsing, which resolves dot
 * segments (`/_next/../api/events`, also written `%2e%2e`) and reads a backslash as a slash.
 * Anything deciding by path in front of Next (`fairShare.ts`, `refuseImageOptimizer`) must look at
 * this, not at the path as sent, or a path that merely starts like an exempt one reaches any route.
 */
export function resolvedPath(url: string): string {
  try {
    return new URL(url, 'http://localhost').pathname
  } catch {
    return url
  }
}

/** Next's own built files: the only requests that are not the server's work (no database, no rendering). */
export const isNextStaticFile = (url: string): boolean =>
  resolvedPath(url).startsWith('/_next/static/')

/**
 * `/_next/image` resizes any image of the site for anyone, at any of its widths: a public
 * 16000×16000 upload made it decode and encode huge images on request. Nothing of ours uses
 * `next/image` (the admin shows Payload's own sizes), so the optimizer is off in `next.config.mjs`
 * (`images.unoptimized`) and refused here before Next, whatever the path's spelling.
 */
export function refuseImageOptimizer(req: Request, res: Response, next: NextFunction) {
  const path = resolvedPath(req.originalUrl)
  if (path !== '/_next/image' && !path.startsWith('/_next/image/')) return next()
  res
    .status(404)
    .set('Cache-Control', 'no-store')
    .json({ errors: [{ message: 'Not Found' }] })
}
