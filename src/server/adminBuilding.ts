import type { Request, Response } from 'express'

import type { AdminBuild } from './build'

/** How often a browser waiting for the admin panel asks again, at most. */
const REFRESH_SECONDS = 10

/**
 * What the admin panel's addresses answer while it is being built (`build.ts`): 503 with
 * Retry-After and the time still expected (from the last build's duration), as a page that
 * reloads itself for a browser, as plain text for anything else. After a failed build, 503 too,
 * saying so: the server's log has the build's output.
 */
export function adminBuildingAnswer(build: AdminBuild, failed: () => boolean) {
  return (req: Request, res: Response) => {
    const elapsed = Math.round((Date.now() - build.startedAt) / 1000)
    const left = Math.round(build.expectedSeconds - elapsed)
    const message = failed()
      ? 'The admin panel could not be built: the server log says why. The APIs and feeds still answer.'
      : left >= 5
        ? `The admin panel is being built, ready in about ${left} s.`
        : `The admin panel is being built, ready soon (${elapsed} s so far; about ${build.expectedSeconds} s were expected).`
    const retry = failed() ? 60 : Math.min(Math.max(left, 5), REFRESH_SECONDS)
    res.status(503).set({ 'Cache-Control': 'no-store', 'Retry-After': String(retry) })
    if (req.accepts(['text/plain', 'text/html']) === 'text/html') {
      const waiting = !failed()
      res
        .type('html')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8">${waiting ? `<meta http-equiv="refresh" content="${retry}">` : ''}<title>Admin panel</title></head><body><p>${message}</p>${waiting ? '<p>This page reloads by itself.</p>' : ''}</body></html>`,
        )
    } else res.type('text').send(`${message}\n`)
  }
}
