import { configDefaults, defineConfig } from 'vitest/config'

import LongestFirst from './test/helpers/longestFirst.js'

/**
 * The tests in tiers (`npm test` runs them all, `npm run test:<tier>` one):
 *
 * - unit: pure modules, no database, no Payload. A worker runs its files one after another in one
 *   process (`isolate: false`): no file mocks a module or sets the environment.
 * - api: Payload in the test's process on a real Postgres, over real HTTP. Files run in parallel,
 *   each worker on a database of its own cloned from a migrated template (test/globalSetup.ts).
 *   A worker runs its files one after another in one process (`isolate: false`): the modules are
 *   imported and Payload is started once per worker rather than once per file, which was most of
 *   a small file's time. Files that need a Payload of their own (`OWN_PAYLOAD`) run in processes
 *   of their own (tier `api-own`), beside the others. Those that time requests keep bounds that
 *   hold beside a neighbour: the CPU a request cost the test's process (test/helpers/processCpu.ts),
 *   or waits with room for shared cores.
 * - system: the product's own processes (`npm start`, the command-line tool, several instances,
 *   shutdown, migrations) on databases of their own, after the api tier: two files at a time
 *   (`serverWorkers`), but those that measure the server under load (`SYSTEM_TIMED`, tier
 *   `system-timed`) one at a time beside nothing but each other, so that their timings are not
 *   another file's.
 * - browser: Chromium driving the admin panel and the public pages on the real server, in the
 *   system tier's workers: its files and the system tier's share them, longest first, rather than
 *   one tier waiting for the other to end. Files that need no settings of their own share the
 *   servers they drive, which the run's own process starts once and lends to one file at a time
 *   (test/e2e/sharedApps.ts), so each names its data with its run; the others start a server and
 *   a database of their own (test/e2e/browser.ts).
 *
 * When the system or browser tier is in the run, the admin panel is built (if its sources
 * changed) beside the unit and api tiers; the tiers after them start their files once it is done.
 * The processes those tiers start (the server, the command-line tool, a few helpers) are
 * precompiled in the same step, and run without tsx (test/helpers/processBundles.ts).
 *
 * The host-app test (the plugin packed into a new app, minutes) is `npm run test:host`.
 */
/** Workers of the parallel tiers: 2 for a machine of 2 cores (TEST_WORKERS to try others). */
const workers = Number(process.env.TEST_WORKERS) || 2

/**
 * Workers of the system and browser tiers, as many as the others' (TEST_SERVER_WORKERS to try
 * others). Their files wait much of the time on the processes they start, but three at a time on
 * two cores made the run no shorter and let the admin's pages exceed the browser tests' waits.
 */
const serverWorkers = Number(process.env.TEST_SERVER_WORKERS) || workers

/** The one spec beside the sources that saves through Payload. */
const RICH_TEXT_SPEC = 'src/lib/richText.spec.ts'

/**
 * Files that need a Payload of their own, so a process of their own: they set the environment the
 * config reads when first imported, or put Payload on a database other than the worker's: among
 * them the password guard's tests (a small policy, auth-guard's at twice its delays and holds so
 * that a held try and a refused one stay apart beside a neighbour) and request-cost (short
 * statement and lock timeouts).
 */
const OWN_PAYLOAD = [
  'test/api/account-changes.test.ts',
  'test/api/auth-guard-no-lockout.test.ts',
  'test/api/auth-guard.test.ts',
  'test/api/calendar-push.test.ts',
  'test/api/events-query-model.test.ts',
  'test/api/linked-filters.test.ts',
  'test/api/linked-query-model.test.ts',
  'test/api/occurrence-list-plans.test.ts',
  'test/api/oracle.test.ts',
  'test/api/request-cost.test.ts',
  'test/api/statement-timeout.test.ts',
]

/**
 * System files that judge how the server behaves under a load they make themselves (the cost
 * fuzzer's waits, a shutdown's drain): beside another file their measures are that file's too,
 * so they run one at a time with the timed api files. The other system files (processes started,
 * migrated, imported into, each on databases and folders of their own) run two at a time.
 */
const SYSTEM_TIMED = ['test/system/cost-fuzz.test.ts', 'test/system/shutdown.test.ts']

const database = {
  globalSetup: ['./test/globalSetup.ts'],
  setupFiles: ['./test/setupEnv.ts'],
}

/**
 * The tiers that run after the admin build, which goes on beside the unit and api tiers
 * (test/globalSetup.ts): their files wait for it to end.
 */
const afterAdminBuild = {
  ...database,
  setupFiles: ['./test/setupAdminBuild.ts', ...database.setupFiles],
}

export default defineConfig({
  test: {
    environment: 'node',
    // Files run side by side on shared cores: a test may take a few times what it takes alone.
    hookTimeout: 300_000,
    testTimeout: 300_000,
    // The run's ten slowest files (test/helpers/slowestFiles.ts) after the default report; with
    // TEST_TIMELINE, when each file ran (test/helpers/timeline.ts).
    reporters: ['default', './test/helpers/slowestFiles.ts', './test/helpers/timeline.ts'],
    // The longest files first in each tier, from the durations recorded in test/durations.json.
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          exclude: [...configDefaults.exclude, RICH_TEXT_SPEC],
          include: ['test/unit/**/*.test.ts', 'src/**/*.spec.ts'],
          // Pure modules, which no file changes: a worker runs its files in one process, as the
          // api tier's do, rather than starting a process and importing the modules for each.
          isolate: false,
          maxWorkers: workers,
          name: 'unit',
        },
      },
      {
        extends: true,
        test: {
          ...database,
          exclude: [...configDefaults.exclude, ...OWN_PAYLOAD],
          include: ['test/api/**/*.test.ts', RICH_TEXT_SPEC],
          isolate: false,
          maxWorkers: workers,
          name: 'api',
        },
      },
      {
        extends: true,
        test: {
          ...database,
          include: OWN_PAYLOAD,
          maxWorkers: workers,
          name: 'api-own',
        },
      },
      {
        extends: true,
        test: {
          ...afterAdminBuild,
          fileParallelism: false,
          include: SYSTEM_TIMED,
          name: 'system-timed',
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          ...afterAdminBuild,
          exclude: [...configDefaults.exclude, ...SYSTEM_TIMED],
          include: ['test/system/**/*.test.ts'],
          maxWorkers: serverWorkers,
          name: 'system',
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          ...afterAdminBuild,
          include: ['test/browser/**/*.test.ts'],
          maxWorkers: serverWorkers,
          name: 'browser',
          // A page settles when its own requests answer, which on a machine busy with the system
          // tier can take seconds: vitest's default of 1 s per poll made CI flaky.
          expect: { poll: { interval: 100, timeout: 15_000 } },
          // The system tier's group: one pool of workers for both.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
})
