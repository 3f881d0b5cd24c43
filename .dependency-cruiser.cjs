// The floors of this code base and the arrows allowed between them, written once; checked by
// `npm run check:boundaries` and in `npm test` (test/unit/boundaries.test.ts). docs/architecture.md
// explains each floor. A floor imports its own floor and those below it, never one above, and no
// file takes part in a cycle of imports that run.

/** Each floor, lowest first, as the paths that belong to it. */
const FLOORS = {
  /**
   * Pure helpers and the plugin's vocabulary (its option types and their accessor, its collection
   * slugs), the recurrence rules (src/recurrence/) and the cache regions every store is made of
   * (src/calendar/cache/), none of which imports anything of ours above this floor.
   */
  ground: [
    '^src/lib/',
    '^src/recurrence/',
    '^src/calendar/cache/',
    '^src/types\\.ts$',
    '^src/slugs\\.ts$',
    '^src/pluginOptions\\.ts$',
  ],
  /**
   * What the API keeps between requests (its store of visitors' reads and answers, made of the
   * ground's regions). Every floor above may read it; it reads only the ground and the database.
   */
  cache: ['^endpoints/freshness\\.ts$'],
  /** Payload's model of the calendar: collections, their fields, hooks and access rules, the database, the purge of a shared cache on its changes, the spreadsheet import and export, the geocoding of venues' addresses. */
  data: [
    '^collections/',
    '^src/(access|admin|auth|cdn|db|fields|geocoding|graphql|hooks|i18n|icsImport|jobs|migrations|spreadsheets)/',
    '^src/(collectionGuards|sanitizeOptions|withoutBehaviour)\\.ts$',
  ],
  /** Reading the calendar for a reader, whatever surface asks (src/calendar/context.ts). */
  calendar: ['^src/calendar/(?!cache/)'],
  /** The compatibility API (`vendor/events/v1`). */
  api: ['^endpoints/(?!freshness\\.ts$)'],
  /** The surfaces that show what the API shows: the iCalendar feeds, the public event pages, the webhooks. */
  surfaces: ['^src/(feeds|public|webhooks)/'],
  /** The plugin as a host installs it: its entry, its package exports, its host commands. */
  plugin: ['^src/(index|plugin)\\.ts$', '^src/(cli|exports)/'],
  /** This repository's own app, which nothing in the plugin imports. */
  app: ['^payload\\.config\\.ts$', '^src/(app|build|server)/', '^src/env\\.ts$'],
}

const ORDER = ['ground', 'cache', 'data', 'calendar', 'api', 'surfaces', 'plugin', 'app']

/**
 * Imports that break a rule today, each named with its rule and why it stays for now. A listed
 * import is allowed; every other import of the same file is still checked.
 */
const EXCEPTIONS = []

const anyOf = (patterns) => patterns.join('|')
const list = (patterns) => [patterns ?? []].flat()
const OURS = '^(src|collections|endpoints)/|^payload\\.config\\.ts$'
const SPECS = '\\.spec\\.tsx?$'
const floorsAbove = (floor) => ORDER.slice(ORDER.indexOf(floor) + 1)

/**
 * A rule, split so that each exception allows only its own imports: the rule for every file
 * without an exception, and the rule for each file with one, less the imports listed for it.
 */
function withExceptions(rule) {
  const own = EXCEPTIONS.filter((exception) => exception.rule === rule.name)
  const base = {
    ...rule,
    from: { ...rule.from, pathNot: [...list(rule.from.pathNot), ...own.map((e) => e.from)] },
  }
  const excepted = own.map((exception) => ({
    ...rule,
    // Both: a file of this rule's floor, and the file the exception names.
    from: { ...rule.from, path: `(?=${exception.from})(?:${anyOf(list(rule.from.path))})` },
    to: { ...rule.to, pathNot: [...list(rule.to.pathNot), ...exception.to] },
  }))
  return [base, ...excepted]
}

const rules = [
  {
    name: 'no-circular',
    comment:
      'No module may reach itself through its imports: a cycle has no floor. Types that name each other (a context holding the routes whose handlers take it) are no cycle at run time.',
    severity: 'error',
    from: { path: OURS },
    to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
  },
  {
    name: 'every-file-on-a-floor',
    comment: 'Each of our files belongs to a floor (FLOORS); a new folder is placed there first.',
    severity: 'error',
    from: { path: OURS, pathNot: [...Object.values(FLOORS).flat(), SPECS] },
    to: {},
  },
  ...ORDER.slice(0, ORDER.indexOf('plugin')).map((floor) => ({
    name: 'no-upward-import',
    comment: `The ${floor} floor imports only itself and the floors below it.`,
    severity: 'error',
    from: { path: anyOf(FLOORS[floor]), pathNot: SPECS },
    to: {
      // The app is above every floor: its own rule (plugin-never-imports-app) names that arrow,
      // and the plugin floor has nothing else above it.
      path: anyOf(
        floorsAbove(floor)
          .filter((above) => above !== 'app')
          .flatMap((above) => FLOORS[above]),
      ),
      // The cache keeps what the database gives it, so it reads src/db/ from below the data floor.
      pathNot: [...FLOORS[floor], ...(floor === 'cache' ? ['^src/db/'] : [])],
    },
  })),
  {
    name: 'database-below-collections',
    comment:
      'src/db/ holds the database and its SQL; the collections, fields, hooks and rules are built on it.',
    severity: 'error',
    from: { path: '^src/db/' },
    to: { path: '^collections/|^src/(access|admin|auth|fields|hooks|i18n|jobs|migrations)/' },
  },
  {
    name: 'collections-above-their-parts',
    comment:
      'The collections (collections/) are put together from fields, hooks, access rules and admin components; those never import a collection (src/db/ has its own rule).',
    severity: 'error',
    from: { path: '^src/(access|admin|auth|fields|hooks|i18n|jobs|migrations)/', pathNot: SPECS },
    to: { path: '^collections/' },
  },
  {
    name: 'plugin-never-imports-app',
    comment:
      "Nothing a host installs imports this repository's app (src/server/, payload.config.ts, src/env.ts).",
    severity: 'error',
    from: { path: OURS, pathNot: [...FLOORS.app, SPECS] },
    to: { path: anyOf(FLOORS.app) },
  },
].flatMap(withExceptions)

module.exports = {
  forbidden: rules,
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.next)/' },
    // Type-only imports are arrows too: a type from a floor above ties this floor to it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
}
