import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** `npx payload events-calendar …` in a host app: Payload's bin scripts are keyed by this. */
export const HOST_SCRIPT_KEY = 'events-calendar'

/**
 * The file of the host's import/export script (`src/cli/hostScript.ts`), beside this one: `.ts`
 * in the sources, `.js` in the package's `dist/`. Kept apart from the script so that the plugin
 * names it without loading the command-line tool into the app.
 */
export function hostScriptPath(): string | undefined {
  try {
    const here = fileURLToPath(import.meta.url)
    return path.join(path.dirname(here), `hostScript${path.extname(here)}`)
  } catch {
    // A bundler that gives modules no file URL: the app is being bundled, not run by Payload's bin.
    return undefined
  }
}
