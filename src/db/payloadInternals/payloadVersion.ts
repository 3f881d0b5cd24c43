import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/**
 * The version of the `payload` package the app runs, from its package.json (which its `exports`
 * do not expose: found from its entry point upwards), resolved from the app's folder (a bundler
 * would rewrite a resolution from this module's own URL). "unknown" if it cannot be read.
 */
export function installedPayloadVersion(): string {
  try {
    let dir = path.dirname(
      createRequire(path.join(process.cwd(), 'package.json')).resolve('payload'),
    )
    while (dir !== path.dirname(dir)) {
      const file = path.join(dir, 'package.json')
      try {
        const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
          name?: string
          version?: string
        }
        if (manifest.name === 'payload' && manifest.version) return manifest.version
      } catch {
        // No package.json at this level: look further up.
      }
      dir = path.dirname(dir)
    }
  } catch {
    // Not resolvable from here.
  }
  return 'unknown'
}
