import { parseArgs } from 'node:util'

import type { Role } from '../types'

import { ROLES } from '../lib/roles'
import { type CsvKind, isCsvKind } from '../spreadsheets/columns'
import { IMPORT_STATUSES } from '../spreadsheets/importCsv'
import { KEEP_ROLES, type RoleMap } from './importer/users'

export const USAGE = `Usage:
  payload-events-calendar import --from <REST root> [options]
      Imports the events, venues, organizers, categories and tags of a site running The Events
      Calendar (or another instance of this app) through its REST API.
        --from <url>            the site's REST root, e.g. https://old.example/wp-json
        --namespace <ns>        the API's namespace (default tribe/events/v1; vendor/events/v1 for this app)
        --user <login>          a user of the source (e-mail or username) ...
        --password <password>   ... and an application password of theirs, to include drafts, pending,
                                private, scheduled and trashed items, and to create users here for
                                authors who match none (or set EVENTS_IMPORT_PASSWORD)
        --languages <list>      languages to read, the default first, e.g. en,fr,es (default: en);
                                each other one from /fr/wp-json/… or with ?i18n_language=fr
        --since <date>          only items the source modified since then (any date PHP reads:
                                2026-01-31, yesterday, --since="-7 days"); categories and tags are
                                always compared
        --source-timezone <tz>  the source site's timezone, when its REST index does not tell it
        --skip-hidden           do not look for events hidden from listings (one request per unlisted id)
        --map-roles <list>      roles of the users created for authors who match none here, e.g.
                                administrator=editor,editor=author: by default a source's role is
                                never taken as it is (anyone who controls the source could name
                                themselves administrator here), and every new user is a contributor
                                (a subscriber stays one); users matched here keep their own role
        --keep-roles            take the source's roles as they are (administrators too): only for a
                                source you trust as much as this site
  payload-events-calendar import --wxr <export.xml> [options]
      Imports the events, venues, organizers, categories and tags of a WordPress export file
      (Tools → Export) of a site running The Events Calendar: each recurring series of Events
      Calendar Pro 5.8 comes as one event with its rule (docs/recurrence.md, "WXR import").
        --source-timezone <tz>  the source site's timezone, for dates the file gives without one
  payload-events-calendar import --file <dump.json> [options]
      Restores a dump made by export: every item as it was, with the same ids.
  payload-events-calendar import --ics <file or URL> [--dry-run]
      Imports an iCalendar feed (a .ics file, or an https://, http:// or webcal:// address) as a
      calendar source of its own (docs/calendar-sources.md): a second run of the same file name or
      address updates what the first imported, and moves what left the feed to the trash.
  payload-events-calendar import --csv <file.csv> --type events|venues|organizers [--dry-run]
      Imports a spreadsheet in The Events Calendar's CSV columns (docs/spreadsheets.md), each row
      on its own: an event of the same title and start, or a venue or organizer of the same name,
      is updated; a row that fails is reported by its number.
        --status <status>       of the items created: publish (default), draft, pending or private
  payload-events-calendar export --out <dump.json>
      Writes every event, venue, organizer, category, tag and image (with its file) to a dump.
  payload-events-calendar export --csv <file.csv> [filters]
      Writes events to a spreadsheet in The Events Calendar's CSV columns (- for the output).
        --status <list>         statuses, e.g. publish,draft (default: every one but trash)
        --start <date>          events that end on or after this day ...
        --end <date>            ... and start on or before this day
        --category <name>       events of this category (its name or slug)
  payload-events-calendar migrate
      Applies the database migrations that have not run yet, then stops: a deploy step, for
      servers started with MIGRATE_ON_START=false. Safe while other instances start or run.

Options of import:
  --dry-run             compare and report what would change, write nothing
  --concurrency <n>     items written at once (default 4)

The database is the app's: DATABASE_URL, or the embedded Postgres in DATA_DIR when it is not set.
Exit status: 0 when everything was imported, 1 when an item failed, 2 when the run could not start.`

export class UsageError extends Error {
  override name = 'UsageError'
}

export type ImportFromSite = {
  command: 'import'
  concurrency: number
  dryRun: boolean
  from: string
  languages: string[]
  namespace: string
  password?: string
  probeHidden: boolean
  /** Roles of the source given to the users created for its authors (`--map-roles`, `--keep-roles`); other roles become contributor. */
  roles: RoleMap
  since?: string
  sourceTimezone?: string
  user?: string
}
export type ImportFromFile = {
  command: 'import'
  concurrency: number
  dryRun: boolean
  file: string
}
export type ImportFromWxr = {
  command: 'import'
  concurrency: number
  dryRun: boolean
  sourceTimezone?: string
  wxr: string
}
export type ImportIcs = { command: 'import'; dryRun: boolean; ics: string }
export type Export = { command: 'export'; out: string }
export type ImportCsv = {
  command: 'import'
  csv: string
  dryRun: boolean
  status?: (typeof IMPORT_STATUSES)[number]
  type: CsvKind
}
export type ExportCsv = {
  command: 'export'
  csv: string
  category?: string
  end?: string
  start?: string
  status?: string[]
}
export type Command =
  | Export
  | ExportCsv
  | ImportCsv
  | ImportFromFile
  | ImportFromSite
  | ImportFromWxr
  | ImportIcs
  | { command: 'help' }
  | { command: 'migrate' }

const IMPORT_OPTIONS = ['concurrency', 'dry-run', 'file', 'from', 'ics', 'type', 'wxr']
const CSV_EXPORT_OPTIONS = ['category', 'end', 'start', 'status']
const FROM_SITE_OPTIONS = [
  'keep-roles',
  'languages',
  'map-roles',
  'namespace',
  'password',
  'since',
  'skip-hidden',
  'source-timezone',
  'user',
]

/** `--map-roles administrator=editor,editor=author` (and `--keep-roles`, every role as itself) as a map of the source's roles to ours. */
function readRoles(list: string | undefined, keep: boolean): RoleMap {
  if (list !== undefined && keep) throw new UsageError('give --map-roles or --keep-roles, not both')
  if (keep) return KEEP_ROLES
  const map: Record<string, Role> = {}
  for (const pair of (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const [from, to, ...extra] = pair.split('=').map((part) => part.trim())
    if (!from || !to || extra.length || !(ROLES as readonly string[]).includes(to)) {
      throw new UsageError(
        `--map-roles: "${pair}" is not source-role=role, with a role of this site (${ROLES.join(', ')})`,
      )
    }
    map[from] = to as Role
  }
  return map
}

export function parseCommand(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): Command {
  const [command, ...rest] = argv
  if (!command || command === 'help' || command === '--help' || command === '-h')
    return { command: 'help' }
  let values: Record<string, boolean | string | undefined>
  try {
    ;({ values } = parseArgs({
      args: rest,
      options: {
        category: { type: 'string' },
        concurrency: { type: 'string' },
        csv: { type: 'string' },
        'dry-run': { type: 'boolean' },
        file: { type: 'string' },
        from: { type: 'string' },
        end: { type: 'string' },
        help: { short: 'h', type: 'boolean' },
        ics: { type: 'string' },
        'keep-roles': { type: 'boolean' },
        languages: { type: 'string' },
        'map-roles': { type: 'string' },
        namespace: { type: 'string' },
        out: { type: 'string' },
        password: { type: 'string' },
        since: { type: 'string' },
        'skip-hidden': { type: 'boolean' },
        'source-timezone': { type: 'string' },
        start: { type: 'string' },
        status: { type: 'string' },
        type: { type: 'string' },
        user: { type: 'string' },
        wxr: { type: 'string' },
      },
      strict: true,
    }))
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  if (values.help) return { command: 'help' }
  const used = (names: string[]) => names.filter((name) => values[name] !== undefined)
  const refuse = (names: string[], why: string) => {
    if (used(names).length)
      throw new UsageError(
        `${used(names)
          .map((name) => `--${name}`)
          .join(', ')} ${why}`,
      )
  }

  if (command === 'migrate') {
    refuse(Object.keys(values), 'do not go with migrate')
    return { command: 'migrate' }
  }
  if (command === 'export') {
    refuse([...IMPORT_OPTIONS, ...FROM_SITE_OPTIONS], 'only go with import')
    if (values.csv !== undefined) {
      refuse(['out'], 'does not go with --csv')
      if ((values.start === undefined) !== (values.end === undefined))
        throw new UsageError('--start and --end go together')
      return {
        category: values.category as string | undefined,
        command: 'export',
        csv: String(values.csv),
        end: values.end as string | undefined,
        start: values.start as string | undefined,
        status:
          values.status === undefined
            ? undefined
            : String(values.status)
                .split(',')
                .map((status) => status.trim())
                .filter(Boolean),
      }
    }
    refuse(CSV_EXPORT_OPTIONS, 'only go with --csv')
    if (!values.out) throw new UsageError('export needs --out <file>')
    return { command: 'export', out: String(values.out) }
  }
  if (command !== 'import') throw new UsageError(`unknown command "${command}"`)

  refuse(['out', 'category', 'start', 'end'], 'only go with export')
  const concurrency = values.concurrency === undefined ? 4 : Number(values.concurrency)
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32)
    throw new UsageError('--concurrency must be a whole number from 1 to 32')
  const dryRun = values['dry-run'] === true
  const sources = used(['file', 'from', 'ics', 'wxr'])
  if (sources.length > 1)
    throw new UsageError(
      `give one of --from, --file, --wxr and --ics, not ${sources.map((name) => `--${name}`).join(' and ')}`,
    )
  if (values.csv !== undefined) {
    refuse(
      ['file', 'from', 'ics', 'wxr', ...FROM_SITE_OPTIONS, 'concurrency'],
      'do not go with --csv',
    )
    if (!isCsvKind(values.type))
      throw new UsageError('--csv needs --type events, --type venues or --type organizers')
    const status = values.status as string | undefined
    if (status !== undefined && !(IMPORT_STATUSES as readonly string[]).includes(status))
      throw new UsageError(`--status must be one of ${IMPORT_STATUSES.join(', ')}`)
    return {
      command: 'import',
      csv: String(values.csv),
      dryRun,
      status: status as ImportCsv['status'],
      type: values.type,
    }
  }
  refuse(['type', 'status'], 'only go with --csv')
  if (values.ics !== undefined) {
    refuse([...FROM_SITE_OPTIONS, 'concurrency'], 'do not go with --ics')
    return { command: 'import', dryRun, ics: String(values.ics) }
  }
  if (values.wxr !== undefined) {
    refuse(
      FROM_SITE_OPTIONS.filter((name) => name !== 'source-timezone'),
      'only go with --from',
    )
    return {
      command: 'import',
      concurrency,
      dryRun,
      sourceTimezone: values['source-timezone'] as string | undefined,
      wxr: String(values.wxr),
    }
  }
  if (values.file !== undefined) {
    refuse(FROM_SITE_OPTIONS, 'only go with --from')
    return { command: 'import', concurrency, dryRun, file: String(values.file) }
  }
  if (!values.from)
    throw new UsageError(
      'import needs --from <REST root of the site>, --wxr <export file> or --file <dump>',
    )
  const password = (values.password as string | undefined) ?? env.EVENTS_IMPORT_PASSWORD
  if (password !== undefined && !values.user) throw new UsageError('--password goes with --user')
  if (values.user && !password)
    throw new UsageError('--user needs --password (or EVENTS_IMPORT_PASSWORD)')
  const languages = String(values.languages ?? 'en')
    .split(',')
    .map((language) => language.trim())
    .filter(Boolean)
  if (!languages.length || new Set(languages).size !== languages.length)
    throw new UsageError('--languages must list languages once each, e.g. en,fr,es')
  return {
    command: 'import',
    concurrency,
    dryRun,
    from: String(values.from),
    languages,
    namespace: String(values.namespace ?? 'tribe/events/v1'),
    password,
    probeHidden: values['skip-hidden'] !== true,
    roles: readRoles(values['map-roles'] as string | undefined, values['keep-roles'] === true),
    since: values.since as string | undefined,
    sourceTimezone: values['source-timezone'] as string | undefined,
    user: values.user as string | undefined,
  }
}
