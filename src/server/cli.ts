/**
 * `npx payload-events-calendar import|export|migrate …` (see `USAGE`): moves a calendar into this app's
 * database, from a WordPress site's REST API or from a dump of another instance, and out of it
 * into a dump. It works on the database directly (DATABASE_URL, or the embedded Postgres), not
 * through the HTTP API, with the same hooks and status workflow as every other write.
 */
import type { Payload } from 'payload'

import { quietPoolErrors } from '../db/pool'
import { DatabaseStartError, ensureDatabase } from '../server/db/withDatabase'
import { EnvError, readEnv } from '../env'
import { EXIT, readCommand, runExport, runImport } from '../cli/commands'
import { SourceError } from '../cli/importer/sourceClient'
import { USAGE, UsageError } from '../cli/options'

async function main(argv: string[]): Promise<number> {
  const command = readCommand(argv, USAGE)
  if (typeof command === 'number') return command

  // A command-line process: no admin panel to reload (scheduled jobs only run when asked to), and
  // no request's bounds on its statements (`src/db/requestTimeouts.ts`): an import or export of a
  // whole calendar is no request.
  process.env.DISABLE_PAYLOAD_HMR ??= 'true'
  process.env.DATABASE_STATEMENT_TIMEOUT_MS = '0'
  process.env.DATABASE_LOCK_TIMEOUT_MS = '0'
  const env = readEnv()
  const stopDatabase = await ensureDatabase(env, (message) => console.error(message))
  const stop = (signal: NodeJS.Signals) => {
    console.error(
      `${signal}: stopping (the items being written are rolled back; run the same command again to finish)`,
    )
    void stopDatabase().finally(() => process.exit(130))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  let payload: Payload | undefined
  try {
    const { bootPayload } = await import('../server/db/boot')
    payload = await bootPayload()
    if (command.command === 'migrate') {
      console.error('The database is up to date.')
      return EXIT.ok
    }
    if (command.command === 'export') return await runExport(payload, command)
    return (await runImport(payload, command)).code
  } finally {
    // Stopping the embedded Postgres ends the pool's idle connections: expected here, not an error.
    quietPoolErrors(payload)
    await stopDatabase()
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`)
    else if (
      error instanceof EnvError ||
      error instanceof SourceError ||
      error instanceof DatabaseStartError
    )
      console.error(error.message)
    else console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    // Payload keeps a database connection open: leave explicitly.
    process.exit(EXIT.unusable)
  })
