#!/usr/bin/env node
// The command-line tool (`npx payload-events-calendar import|export …`, see src/cli/main.ts). It
// runs the TypeScript sources in this process through tsx, so a clean clone needs no build step.
import '../src/server/register.mjs'

await import('../src/cli/main.ts')
