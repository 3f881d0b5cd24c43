#!/usr/bin/env node
// The command-line tool (`npx payload-events-calendar import|export …`, see src/server/cli.ts). It
// runs the TypeScript sources in this process through tsx, so a clean clone needs no build step.
// The published package has no sources: in a host app the same commands are Payload's
// (`npx payload events-calendar …`, src/cli/hostScript.ts), with the host's own config.
import { existsSync } from 'node:fs'

if (!existsSync(new URL('../src/server/cli.ts', import.meta.url))) {
  console.error(
    "In your own Payload app, run the calendar's import and export through Payload: npx payload events-calendar --help",
  )
  process.exit(2)
}

await import('../src/server/register.mjs')
await import('../src/server/cli.ts')
