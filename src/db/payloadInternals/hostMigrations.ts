import type { Payload } from 'payload'

import type { AdapterPatch } from './patch'

import { applyCalendarSchema, findMissingCalendarSchema } from '../calendarSchema'

/** The adapter's commands that end with migrations applied (`payload migrate`, `migrate:fresh`, `migrate:refresh`). */
const UP_COMMANDS = ['migrate', 'migrateFresh', 'migrateRefresh'] as const

type Command = ((...args: unknown[]) => Promise<void>) & { [CALENDAR]?: true }
type Adapter = { name?: string; payload?: Payload } & Partial<
  Record<(typeof UP_COMMANDS)[number], Command>
>

const CALENDAR = Symbol('calendar schema after migrations')

async function appliedMigrations(payload: Payload): Promise<number> {
  try {
    return (await payload.count({ collection: 'payload-migrations' })).totalDocs
  } catch {
    // No table yet: nothing ran.
    return 0
  }
}

/**
 * After the site's own migrations, the calendar's pieces (`calendarSchema.ts`): when a migration
 * ran (it may have made the calendar's tables or the columns lists order by) or a piece is
 * missing. Idempotent, so a migration that already calls `calendarSchemaUp` costs a second pass.
 */
function withCalendarSchema(adapter: Adapter, original: Command): Command {
  const wrapped: Command = async function (this: unknown, ...args: unknown[]) {
    const payload = adapter.payload!
    const before = await appliedMigrations(payload)
    await original.apply(this, args)
    if (
      (await appliedMigrations(payload)) !== before ||
      (await findMissingCalendarSchema(payload)).length
    )
      await applyCalendarSchema(payload)
  }
  return Object.assign(wrapped, { [CALENDAR]: true as const })
}

export const hostMigrationsPatch: AdapterPatch = {
  name: 'host-migrations',
  stage: 'adapter',
  whenDisabled: true,
  reason:
    "payload migrate (and migrate:fresh, migrate:refresh) brings the calendar's database pieces along, so a host's generated migrations need no edit",
  upstream: [],
  apply: (target) => {
    const adapter = target as unknown as Adapter
    if (adapter.name !== 'postgres') return
    for (const command of UP_COMMANDS) {
      const original = adapter[command]
      if (typeof original === 'function' && !original[CALENDAR])
        adapter[command] = withCalendarSchema(adapter, original)
    }
  },
  verify: (payload) => {
    const adapter = payload.db as unknown as Adapter
    if (adapter.name !== 'postgres') return null
    const unwrapped = UP_COMMANDS.filter((command) => !adapter[command]?.[CALENDAR])
    return unwrapped.length
      ? `the adapter's ${unwrapped.join(', ')} do not bring the calendar's pieces`
      : null
  },
}
