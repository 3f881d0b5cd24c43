import { build, type Plugin } from 'esbuild'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { inject } from 'vitest'

/**
 * The processes the system and browser tiers start (the server, the command-line tool, the test
 * helpers that run as processes of their own), precompiled once per run by test/globalSetup.ts
 * rather than compiled by tsx in each process: a module hook (`src/server/register.mjs`) runs on a
 * thread of its own on Node 20, and every module of the process crosses to it, which cost each
 * start seconds of CPU.
 *
 * A bundle is run without any hook, as `node --conditions=production <bundle>`. That condition is
 * what the hook adds for lexical and @lexical/* (their builds without top-level await); no other
 * installed package names a `production` condition in its exports, so for every other package
 * the resolution is the one `npm start` gets. The packages stay outside the bundle
 * (`packages: 'external'`), loaded from node_modules as they are today.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder of precompiled processes, or '' when this tier's processes run through tsx. */
    processBundles: string
  }
}

/** Each entry started as a process, with the file the process is started on when run as `npm start`/`npx` would. */
const ENTRIES: Record<string, string> = {
  'src/server/cli.ts': 'bin/payload-events-calendar.js',
  'src/server/start.ts': 'src/server/start.ts',
  'test/fuzz/costCalendar.ts': 'test/fuzz/costCalendar.ts',
  'test/helpers/compatServerProcess.ts': 'test/helpers/compatServerProcess.ts',
  'test/helpers/migrationTarget.ts': 'test/helpers/migrationTarget.ts',
  'test/helpers/webhookInstance.ts': 'test/helpers/webhookInstance.ts',
  'test/system/fixtures/buildStepThenExit.ts': 'test/system/fixtures/buildStepThenExit.ts',
  'test/system/fixtures/startWithHeldBuild.ts': 'test/system/fixtures/startWithHeldBuild.ts',
}

/** The command-line tool's entry: tests name it for `bin/payload-events-calendar.js`. */
export const CLI_ENTRY = 'src/server/cli.ts'

const bundleFile = (dir: string, entry: string) =>
  path.join(dir, entry.replace(/\.ts$/, ''), 'main.mjs')

/**
 * Modules that find files beside themselves (`import.meta.url`: the Payload config's folder,
 * the project root, the admin build, the migrations) keep their own location in the bundle: each
 * use is replaced by the address of the source file it is written in.
 */
const keepModuleLocations: Plugin = {
  name: 'keep-module-locations',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
      const source = await fs.readFile(args.path, 'utf8')
      const contents = source.replace(
        /\bimport\.meta\.(url|dirname|filename)\b/g,
        (_, property: string) =>
          JSON.stringify(
            property === 'url'
              ? pathToFileURL(args.path).href
              : property === 'dirname'
                ? path.dirname(args.path)
                : args.path,
          ),
      )
      const extension = path.extname(args.path).slice(1)
      const loader = extension === 'mts' ? 'ts' : extension === 'mjs' ? 'js' : extension
      return { contents, loader: loader as 'js' | 'ts' | 'tsx' }
    })
  },
}

/** How old a run's folder is when it is taken for one a killed run left (a run takes minutes). */
const STALE_MS = 24 * 60 * 60 * 1000

/**
 * A new folder for a run's bundles, inside the project (so that the packages resolve from its
 * node_modules; ignored by git and every tool there). Folders a killed run left are removed.
 */
export async function newProcessBundlesFolder(root: string): Promise<string> {
  const parent = path.join(root, 'node_modules', '.cache', 'payload-events-calendar-processes')
  await fs.mkdir(parent, { recursive: true })
  for (const name of await fs.readdir(parent)) {
    const folder = path.join(parent, name)
    const stat = await fs.stat(folder).catch(() => null)
    if (stat && Date.now() - stat.mtimeMs > STALE_MS)
      await fs.rm(folder, { force: true, recursive: true })
  }
  return fs.mkdtemp(path.join(parent, 'run-'))
}

/**
 * Bundles every entry into `dir` (`newProcessBundlesFolder`). Each entry is a bundle of its own, its local dynamic imports chunks of it
 * (so that what a process loads late it still loads late). `process.argv[1]` is set back to the
 * file the process would have been started on, so that a module's "am I the entry" check
 * (`src/server/start.ts`) answers as it does under tsx.
 */
export async function buildProcessBundles(root: string, dir: string): Promise<void> {
  await Promise.all(
    Object.entries(ENTRIES).map(([entry, startedAs]) => {
      const outfile = bundleFile(dir, entry)
      return build({
        absWorkingDir: root,
        banner: {
          // The server's workers (src/server/workers.ts) are forked on the bundle, not on the
          // file named in process.argv[1], which Node runs only through tsx. The banner begins
          // every file of the bundle: the first one run sees the bundle's own path.
          js: `import __cluster from 'node:cluster'; if (__cluster.isPrimary && !__cluster.settings.exec) __cluster.setupPrimary({ exec: process.argv[1] });\nprocess.argv[1] = ${JSON.stringify(path.join(root, startedAs))};`,
        },
        bundle: true,
        entryNames: 'main',
        entryPoints: [entry],
        format: 'esm',
        // Names as each module has them, where bundling renames one that another module shares
        // (what an error or a class prints as).
        keepNames: true,
        logLevel: 'error',
        outExtension: { '.js': '.mjs' },
        outdir: path.dirname(outfile),
        packages: 'external',
        platform: 'node',
        plugins: [keepModuleLocations],
        splitting: true,
        target: 'node20',
      })
    }),
  )
}

/**
 * The arguments to start `entry` (a path from the project root) with `process.execPath`, in the
 * project's folder: its bundle when this run built them (in `bundles`, or the run's folder), otherwise the sources through tsx (the
 * command-line tool through its `bin` file, as a user starts it).
 */
export function nodeArgs(entry: string, bundles?: string): string[] {
  if (!(entry in ENTRIES)) throw new Error(`${entry} is not one of the precompiled processes`)
  // Outside Vitest (`npm run fuzz` starts the server through the same helpers) there is no run;
  // the run's own process (test/globalSetup.ts), where `inject` is not, names its folder.
  const dir = bundles ?? (process.env.VITEST ? inject('processBundles') : '')
  if (dir) return ['--conditions=production', bundleFile(dir, entry)]
  if (entry === CLI_ENTRY) return ['bin/payload-events-calendar.js']
  return ['--import', './src/server/register.mjs', entry]
}
