import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

import { freePort } from '../../src/lib/freePort'
import { nodeArgs } from './processBundles'

const ROOT = path.resolve(import.meta.dirname, '../..')

export type ServerProcess = {
  base: string
  /** The process started (a cluster's primary with WEB_CONCURRENCY above 1). */
  child: ChildProcess
  output: () => string
  stop: () => Promise<void>
}

/**
 * The product as `npm start` runs it: the real server process (production mode, the built admin
 * panel, built first if needed), on a free port, against the given database.
 */
export async function startServerProcess(args: {
  databaseUrl: string
  /** The script started, `src/server/start.ts` unless a test wraps it (one of test/helpers/processBundles.ts). */
  entry?: string
  /** Added to the test process's environment; a name set to undefined is left unset. */
  env?: Record<string, string | undefined>
  /** The run's folder of precompiled processes, for a server started outside a test file (test/helpers/processBundles.ts). */
  bundles?: string
}): Promise<ServerProcess> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  let output = ''
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: args.databaseUrl,
    NODE_ENV: 'production',
    // Production refuses to start with the development secret (`src/env.ts`).
    PAYLOAD_SECRET: 'server-process-secret-for-tests-only',
    // The tests' own process logs warnings only (test/setupEnv.ts); the server logs as it would in use.
    LOG_LEVEL: 'info',
    PORT: String(port),
    SITE_URL: base,
    // One process, not one per core: the tests' servers share two cores with the test run.
    WEB_CONCURRENCY: '1',
    ...args.env,
  }
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name]
  const server: ChildProcess = spawn(
    process.execPath,
    nodeArgs(args.entry ?? 'src/server/start.ts', args.bundles),
    { cwd: ROOT, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  server.stdout!.on('data', (chunk) => (output += chunk))
  server.stderr!.on('data', (chunk) => (output += chunk))
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Ready on')) {
        clearInterval(timer)
        resolve()
      }
    }, 200)
    server.once('exit', (code) => {
      clearInterval(timer)
      reject(new Error(`the server exited with code ${code} before it was ready:\n${output}`))
    })
  })
  return {
    base,
    child: server,
    output: () => output,
    stop: async () => {
      if (server.exitCode !== null) return
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    },
  }
}
