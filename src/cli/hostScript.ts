/**
 * The import and export tool inside a host app, as a Payload bin script: the plugin registers it
 * under the key `events-calendar` (`src/plugin.ts`), so `npx payload events-calendar import
 * --from https://old.example/wp-json …` runs with the host's own config and database. The same
 * commands as this app's `npx payload-events-calendar` (`src/server/cli.ts`), but for `migrate`,
 * which is the host's own `npx payload migrate`.
 */
import type { Payload, SanitizedConfig } from 'payload'

import { getPayload } from 'payload'

import { quietPoolErrors } from '../db/pool'
import { EXIT, readCommand, runExport, runImport } from './commands'
import { SourceError } from './importer/sourceClient'
import { HOST_SCRIPT_KEY } from './hostScriptPath'
import { USAGE, UsageError } from './options'

const HOST_USAGE = USAGE.replaceAll('payload-events-calendar ', `payload ${HOST_SCRIPT_KEY} `)

async function run(config: SanitizedConfig, argv: string[]): Promise<number> {
  const command = readCommand(argv, HOST_USAGE)
  if (typeof command === 'number') return command
  if (command.command === 'migrate') {
    console.error(`In your app, migrations are Payload's own: npx payload migrate`)
    return EXIT.unusable
  }
  let payload: Payload | undefined
  try {
    payload = await getPayload({ config })
    if (command.command === 'export') return await runExport(payload, command)
    return (await runImport(payload, command)).code
  } catch (error) {
    if (error instanceof UsageError || error instanceof SourceError) {
      console.error(error.message)
      return EXIT.unusable
    }
    throw error
  } finally {
    quietPoolErrors(payload)
    await payload?.destroy().catch(() => undefined)
  }
}

/** Payload's bin runner calls this with the host's config; the arguments follow the script's key. */
export async function script(config: SanitizedConfig): Promise<void> {
  const argv = process.argv.slice(process.argv.indexOf(HOST_SCRIPT_KEY) + 1)
  process.exit(await run(config, argv))
}
