import { existsSync } from 'node:fs'
import path from 'node:path'

/*
 * The embedded Postgres also listens on a Unix socket in its data folder, and the app connects
 * through it: on one machine a statement's round trip is shorter than over loopback TCP, which
 * every statement of a write pays (bench/RESULTS.md, issue 29). The data folder is the server
 * user's own (mode 0700), so no other local user can reach the socket. The loopback port stays
 * open for everything else.
 */

/** The longest path a Unix socket may have (`sun_path`: 108 bytes on Linux, 104 on macOS, with the final NUL). */
const MAX_SOCKET_PATH = 103

/** The socket's file for a server on `port` whose socket folder is `dir`, as Postgres names it. */
const socketFile = (dir: string, port: number) => path.join(dir, `.s.PGSQL.${port}`)

/**
 * The folder for the socket of a server with data folder `dir` on `port`: `dir` itself, or null
 * where there can be none (Windows, or a path too long for a socket), and the server is then
 * reached over TCP only.
 */
export function socketDirFor(dir: string, port: number): null | string {
  if (process.platform === 'win32') return null
  const absolute = path.resolve(dir)
  return Buffer.byteLength(socketFile(absolute, port)) <= MAX_SOCKET_PATH ? absolute : null
}

/** The server flags that make the socket (`socketDirFor`), or none. */
export function socketFlags(dir: string, port: number): string[] {
  const socketDir = socketDirFor(dir, port)
  // An empty setting makes no socket at all (Postgres's default folder may not be writable).
  return ['-c', `unix_socket_directories=${socketDir ?? ''}`]
}

/**
 * The connection URL of database `database` on the server with data folder `dir`: through its
 * socket when it has one (a server started by an earlier version may not), else over loopback TCP.
 */
export function embeddedPostgresUrl(args: {
  database: string
  dir: string
  password: string
  port: number
  user: string
}): string {
  const auth = `${encodeURIComponent(args.user)}:${encodeURIComponent(args.password)}`
  const database = encodeURIComponent(args.database)
  const socketDir = socketDirFor(args.dir, args.port)
  if (socketDir && existsSync(socketFile(socketDir, args.port)))
    // `localhost` keeps it a URL that `new URL` reads; pg connects to the `host` folder's socket.
    return `postgres://${auth}@localhost:${args.port}/${database}?host=${encodeURIComponent(socketDir)}`
  return `postgres://${auth}@127.0.0.1:${args.port}/${database}`
}
