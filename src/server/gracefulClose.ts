import type { Server } from 'node:http'
import type { Socket } from 'node:net'

/**
 * A connection that was accepted, or last answered, this recently and has no request in progress
 * is not idle: its client may have sent, or be sending, a request we have not read yet (a new
 * connection's first, or the next one on a kept-alive connection). Node's `closeIdleConnections`
 * counts it idle and resets it, and that client gets an empty reply for a request it cannot know
 * was never run.
 */
const QUIET_BEFORE_CLOSE_MS = 2_000

type Tracked = { active: number; quietSince: number }

/**
 * Follows the server's connections from the start so that a stop (`src/server/start.ts`) can
 * close each one only when it is really idle: no request in progress, and nothing sent for
 * `QUIET_BEFORE_CLOSE_MS` since it was accepted or last answered (answers while draining tell
 * clients `Connection: close`, `src/server/draining.ts`, so most close themselves first).
 */
export function trackConnections(server: Server): { close: (graceMs: number) => Promise<void> } {
  const connections = new Map<Socket, Tracked>()
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { active: 0, quietSince: Date.now() })
    socket.once('close', () => connections.delete(socket))
  })
  server.on('request', (req, res) => {
    const tracked = connections.get(req.socket)
    if (!tracked) return
    tracked.active++
    res.once('close', () => {
      tracked.active--
      tracked.quietSince = Date.now()
    })
  })

  const closeIdle = () => {
    const now = Date.now()
    for (const [socket, tracked] of connections) {
      if (tracked.active === 0 && now - tracked.quietSince >= QUIET_BEFORE_CLOSE_MS)
        socket.destroy()
    }
  }

  return {
    /** Stops accepting connections, answers the requests in flight, and resolves once every connection is closed; cuts what is still busy after `graceMs`. */
    close: async (graceMs: number) => {
      // `server.close()` also closes every connection Node counts idle (Node 19 and later), among
      // them those whose request has not been read yet: the sweep below does that job instead.
      server.closeIdleConnections = () => undefined
      const closed = new Promise((resolve) => server.close(resolve))
      // Judged after the loop has read what the sockets hold (`setImmediate` runs after the poll
      // phase): after the loop was busy for a while, a request that arrived meanwhile is read,
      // and its connection counted busy, before the sweep would take it for a quiet one.
      const sweepAfterReading = () => setImmediate(closeIdle)
      sweepAfterReading()
      const sweep = setInterval(sweepAfterReading, 100)
      const deadline = setTimeout(() => server.closeAllConnections(), graceMs)
      await closed
      clearInterval(sweep)
      clearTimeout(deadline)
    },
  }
}
