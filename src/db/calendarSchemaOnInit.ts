import type { Payload } from 'payload'

import {
  applyCalendarSchema,
  calendarSchemaPieces,
  calendarSchemaSteps,
  consequencesOf,
  describePiece,
  findMissingPieces,
  type SchemaPiece,
} from './calendarSchema'
import { pushesSchema, requireDrizzle } from './payloadInternals/adapter'
import { MIGRATION_LOCK_KEY, withSessionLock } from './pool'

/** Payload's table for events: without it the collections' own schema is not there yet. */
const EVENTS_TABLE: SchemaPiece = { kind: 'table', name: 'events' }

export type CalendarSchemaCheck =
  | { status: 'applied'; pieces: string[] }
  | { status: 'complete' }
  | { status: 'missing'; pieces: string[] }
  | { status: 'no tables' }
  | { status: 'not postgres' }

/**
 * At start (the plugin's `onInit`): one catalog query for the calendar's database pieces. Where
 * Payload pushes its schema (development), missing pieces are made on the spot, since a push
 * makes only the collections' tables. Otherwise (migrations) what is missing is logged as an
 * error with the fix, rather than letting the calendar run without it unnoticed.
 */
export async function ensureCalendarSchemaOnInit(payload: Payload): Promise<CalendarSchemaCheck> {
  if (payload.db.name !== 'postgres') {
    payload.logger.warn(
      `events calendar: the database adapter is ${payload.db.name}, not Postgres: ids are not shared between events, venues and organizers, term counts are counted on each request, and visitors' reads are not cached.`,
    )
    return { status: 'not postgres' }
  }
  // Not while this database is being migrated (several instances starting at once): the pieces
  // of a migration half done would be reported missing.
  let missing: SchemaPiece[] = []
  await withSessionLock(payload, MIGRATION_LOCK_KEY, { shared: true, wait: true }, async () => {
    missing = await findMissingPieces(payload, [EVENTS_TABLE, ...calendarSchemaPieces()])
  })
  if (missing.some((piece) => describePiece(piece) === describePiece(EVENTS_TABLE))) {
    // An app that migrates after Payload starts (as this one does, in `src/db/boot.ts`) gets here
    // on its first start; its migrations bring the calendar's pieces along with the tables.
    payload.logger.info(
      'events calendar: the database has no calendar tables yet (migrations not applied); its database pieces are checked once they are',
    )
    return { status: 'no tables' }
  }
  if (!missing.length) {
    if (pushesSchema(payload.db)) await fillPushedListOrder(payload)
    return { status: 'complete' }
  }
  const pieces = missing.map(describePiece)
  if (pushesSchema(payload.db)) {
    await applyCalendarSchema(payload)
    payload.logger.info(
      `events calendar: added its database pieces to the pushed schema (${pieces.length}: ${pieces.join(', ')})`,
    )
    return { pieces, status: 'applied' }
  }
  payload.logger.error(missingSchemaMessage(missing))
  return { pieces, status: 'missing' }
}

/**
 * A push adds the columns lists order by (events' `startLocal`, `endLocal`, every post's
 * `postDate`) empty to the rows already there, and no migration fills them: the step that fills
 * them (`src/db/calendarSchema/listOrder.ts`) runs at every start where Payload pushes. It writes
 * only rows still missing a value, so once they are filled it costs one scan. Writes keep them
 * filled afterwards (collections/Events/hooks/storeListOrder.ts, src/hooks/storePostDate.ts).
 */
async function fillPushedListOrder(payload: Payload): Promise<void> {
  await calendarSchemaSteps.listOrder.create(requireDrizzle(payload))
}

export function missingSchemaMessage(missing: SchemaPiece[]): string {
  return [
    `events calendar: THE DATABASE LACKS ${missing.length} OF THE CALENDAR'S PIECES, so ${consequencesOf(missing).join('; ')}.`,
    `Missing: ${missing.map(describePiece).join(', ')}.`,
    "Fix: run the site's migrations (npx payload migrate): the plugin makes its pieces after them, whether or not one ran.",
    'A migration may also make them itself, at the end of its up (idempotent: running it again is safe):',
    "  import { calendarSchemaUp } from 'payload-events-calendar/migrations'",
    '  up: await calendarSchemaUp({ db, payload, req })',
  ].join('\n')
}
