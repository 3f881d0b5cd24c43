import type { Server } from 'node:http'
import type { Socket } from 'node:net'

/**
 * A connection accepted this recently whose request has not been read yet is not idle: its
 * client has sent, or is sending, a request. Node's `closeIdleConnections` counts it idle and
 * resets it, and that client gets an empty reply for a request it cannot know was never run.
 */
const NEW_CONNECTION_GRACE_MS = 2_000

type Tracked = { acceptedAt: number; active: number; served: number }

/**
 * Follows the server's connections from the start so that a stop (`src/server/start.ts`) can
 * close each one only when it is really idle: no request in progress, and either it already
 * served one (its client was told `Connection: close` while draining, `src/server/draining.ts`)
 * or it has sent nothing for `NEW_CONNECTION_GRACE_MS`.
 */
export function trackConnections(server: Server): { close: (graceMs: number) => Promise<void> } {
  const connections = new Map<Socket, Tracked>()
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { acceptedAt: Date.now(), active: 0, served: 0 })
    socket.once('close', () => connections.delete(socket))
  })
  server.on('request', (req, res) => {
    const tracked = connections.get(req.socket)
    if (!tracked) return
    tracked.active++
    res.once('close', () => {
      tracked.active--
      tracked.served++
    })
  })

  const closeIdle = () => {
    const now = Date.now()
    for (const [socket, tracked] of connections) {
      if (
        tracked.active === 0 &&
        (tracked.served > 0 || now - tracked.acceptedAt >= NEW_CONNECTION_GRACE_MS)
      )
        socket.destroy()
    }
  }

  return {
    /** Stops accepting connections, answers the requests in flight, and resolves once every connection is closed; cuts what is still busy after `graceMs`. */
    close: async (graceMs: number) => {
      const closed = new Promise((resolve) => server.close(resolve))
      closeIdle()
      const sweep = setInterval(closeIdle, 100)
      const deadline = setTimeout(() => server.closeAllConnections(), graceMs)
      await closed
      clearInterval(sweep)
      clearTimeout(deadline)
    },
  }
}
