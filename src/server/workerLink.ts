import type { AdminBuild } from './build'

/**
 * What a worker process of `npm start` (`workers.ts`) and its primary tell each other. The primary
 * builds the admin panel, once for all; a worker serves everything but the admin meanwhile, as one
 * process does (`adminBuilding.ts`), and serves the admin once the primary says it is built.
 */

/** The admin build as the primary sees it; null when there was none to make. */
export type AdminBuildState = {
  expectedSeconds: number
  startedAt: number
  state: 'building' | 'built' | 'failed'
} | null

/** A worker asks for the build's state once it listens for the answer, so no change is missed. */
export const HELLO = 'events-calendar:hello'
/** The primary's answer to HELLO, and every change of the build's state after it. */
export const ADMIN_BUILD = 'events-calendar:admin-build'

export type AdminBuildMessage = { build: AdminBuildState; type: typeof ADMIN_BUILD }

export function isHello(message: unknown): boolean {
  return (message as { type?: unknown } | null)?.type === HELLO
}

function isAdminBuildMessage(message: unknown): message is AdminBuildMessage {
  return (message as { type?: unknown } | null)?.type === ADMIN_BUILD
}

/**
 * In a worker: the admin build under way in the primary, as `createServer` takes it (`done`
 * settles when the primary says so), or null when the admin panel is built already.
 */
export function adminBuildFromPrimary(): Promise<AdminBuild | null> {
  return new Promise((resolve) => {
    let settle: { fail: (error: Error) => void; succeed: () => void } | undefined
    const failure = () =>
      new Error('the admin build failed in the primary process (its log above says why)')
    process.on('message', (message) => {
      if (!isAdminBuildMessage(message)) return
      const { build } = message
      if (settle) {
        if (build?.state === 'built') settle.succeed()
        else if (build?.state === 'failed') settle.fail(failure())
        return
      }
      if (!build || build.state === 'built') {
        settle = { fail: () => undefined, succeed: () => undefined }
        return resolve(null)
      }
      const done = new Promise<void>((succeed, fail) => (settle = { fail, succeed }))
      // Handled by `createServer` once it starts, which may be after a failure is known.
      done.catch(() => undefined)
      if (build.state === 'failed') settle!.fail(failure())
      resolve({ done, expectedSeconds: build.expectedSeconds, startedAt: build.startedAt })
    })
    process.send!({ type: HELLO })
  })
}
