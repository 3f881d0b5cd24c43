/**
 * A second database for the migration tests, in a process of its own (Payload holds one database
 * per process): boots Payload on DATABASE_URL, creates the users listed in TEST_USERS (JSON, in
 * order) so that authors can be matched and drafts read, imports the dump in IMPORT_DUMP twice
 * (printing each summary), then serves the compatibility API on a free port and prints
 * `READY <url>`. Runs until killed.
 *
 * Started through `nodeArgs('test/helpers/migrationTarget.ts')` (test/helpers/processBundles.ts).
 */
import { runImport } from '../../src/cli/commands'
import { bootPayload } from '../../src/server/db/boot'
import { serveCompatApi } from './http'

type User = { email: string; password: string; role: string; username: string }

const payload = await bootPayload()
for (const user of JSON.parse(process.env.TEST_USERS ?? '[]') as User[]) {
  await payload.create({ collection: 'users', data: user as never, overrideAccess: true })
}
if (process.env.IMPORT_DUMP) {
  for (const run of [1, 2]) {
    const command = {
      command: 'import',
      concurrency: 8,
      dryRun: false,
      file: process.env.IMPORT_DUMP,
    } as const
    const { code, report } = await runImport(payload, command, {
      interactive: false,
      write: () => undefined,
    })
    const counts = (['created', 'updated', 'unchanged', 'failed'] as const)
      .map((outcome) => `${outcome}=${report.total(outcome)}`)
      .join(' ')
    console.log(`IMPORT ${run} exit=${code} ${counts}`)
  }
}
const api = await serveCompatApi(payload)
console.log(`READY ${api.url}`)
