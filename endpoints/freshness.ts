import type { CollectionSlug, Payload, PayloadRequest, Where } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { Region } from '../src/calendar/cache/region'
import type { SanitizedPluginConfig } from '../src/types'

import { checkAfterArrival } from '../src/calendar/cache/checkAfterArrival'
import { limitsOfKind } from '../src/calendar/cache/limits'
import { payloadRegion } from '../src/calendar/cache/registry'
import { SHOWN_WITH_EVENTS, TERM_COUNTS } from '../src/db/calendarSchema/changeLog'
import { ITEM_TIERS, TIERS } from '../src/db/calendarSchema/hiddenChanges'
import { LIST_MEMBERS, LIST_TEXTS } from '../src/db/calendarSchema/listRows'
import { drizzleOf, poolOf, type SqlQuerier } from '../src/db/pool'
import { pluginOptionsOf } from '../src/pluginOptions'
import { CALENDAR_SLUGS, POST_COLLECTIONS } from '../src/slugs'

/*
 * What a server may keep between requests (related venues, organizers, terms and images; list
 * totals; term counts; visitors' whole answers), and how it knows that what it kept is still true.
 *
 * The database logs every transaction that changes calendar content and the items it changed
 * (`calendar_changes` and `calendar_change_items`, filled by triggers: `changeLog.ts`). What is
 * kept belongs to an epoch that starts with a snapshot of the database taken before anything of it
 * was read. Each request that uses kept things first asks which changes the snapshot cannot see
 * have committed since (one indexed lookup, which requests arriving together share: one that began
 * after each of them arrived); if any has, a new epoch starts with a newer snapshot,
 * and what depends on the items those changes name is dropped: each thing is kept with the items it
 * depends on (`collection:id`, `collection:*` for any item of a collection, `*` for any change at
 * all, the default), or on the facts the log's list rows tell (`list-members`, `list-texts`: what
 * may have moved the events lists, `src/db/calendarSchema/listRows.ts`). A change that names no item (a table emptied), or an item of a collection
 * not known here (media), drops everything. A change of an item visitors cannot read before or
 * after it drops only what can tell of it (`src/db/calendarSchema/hiddenChanges.ts`): nothing
 * for a draft's new title, dates or links, the look-ups by slug for its slug, what depends on any
 * change for its status, existence or image; so a visitor does not learn when a draft was edited
 * from a kept list turning slow. A write that has committed before a request starts is
 * therefore always seen by it, whichever server process made the write, as with reading the
 * database itself.
 *
 * Only visitors' reads use it: what signed-in users may see depends on who they are, and they
 * are few. Without the log (a Payload app using the plugin without these migrations, or another
 * database), nothing is kept.
 */

/** After this long the snapshot is taken again, so that the log can be pruned without missing a change. */
const EPOCH_MAX_MS = 10 * 60_000
/** The log is pruned at most this often by each process, when an epoch starts. */
const PRUNE_EVERY_MS = 60 * 60_000

/** What any change drops. */
const ANY_CHANGE = '*'
/** The collections whose changes drop only what depends on them; a change of any other drops everything. */
const KNOWN = new Set<string>([...Object.values(CALENDAR_SLUGS), TERM_COUNTS])
/** What an event kept by id shows of other items (read with it, `leanEvent.ts`): any of them. */
const SHOWN_WITH_EVENTS_ANY = SHOWN_WITH_EVENTS.map((collection) => `${collection}:*`)

/**
 * What an events list (a page, its total) depends on beside the events it shows
 * (`src/db/calendarSchema/listRows.ts`): which events match, in which order (LIST_MEMBERS), with a
 * search also the texts it compares (LIST_TEXTS), and any venue, organizer, term or term count,
 * which its filters resolve and its events show.
 */
export function listDependencies(searches: boolean): readonly string[] {
  return [LIST_MEMBERS, ...(searches ? [LIST_TEXTS] : []), ...SHOWN_WITH_EVENTS_ANY]
}

/**
 * Read rules (Payload's `read` access) under which a visitor reads exactly the published items of
 * a collection (`readPosts`, `src/access/posts.ts`): the changes of a collection that has one are
 * judged by what visitors can see of them; a site's own rule leaves every change seen.
 */
const PUBLISHED_TO_VISITORS = new WeakSet<object>()

/** Marks `rule` as one under which visitors read the published items only (see above). */
export function readsPublishedToVisitors<Rule extends object>(rule: Rule): Rule {
  PUBLISHED_TO_VISITORS.add(rule)
  return rule
}

/** The events, venues and organizers whose visitors read the published items only, as the rule above. */
export function judgedCollections(payload: Payload): string[] {
  return POST_COLLECTIONS.filter((slug) => {
    const read = payload.collections[slug as CollectionSlug]?.config.access?.read
    return typeof read === 'function' && PUBLISHED_TO_VISITORS.has(read)
  })
}

type State = {
  available: boolean | undefined
  /** The change log's check, shared by the requests that arrive together (made on first use). */
  check?: () => Promise<null | number>
  /** For each thing kept (`kind` NUL `key`), the keys of what it depends on. */
  dependencies: Map<string, readonly string[]>
  /** For each key depended on, what is kept that depends on it. */
  dependents: Map<string, Set<string>>
  epoch: number
  /** `judgedCollections`, once. */
  judged?: string[]
  pruned: number
  /** A region per kind kept (`src/calendar/cache/`). */
  regions: Map<string, Region<unknown>>
  snapshot: null | string
  /** When the snapshot was taken (`Date.now()`). */
  started: number
}

const states = new WeakMap<Payload, State>()

function stateOf(payload: Payload): State {
  let state = states.get(payload)
  if (!state) {
    state = {
      available: undefined,
      dependencies: new Map(),
      dependents: new Map(),
      epoch: 0,
      pruned: Date.now(),
      regions: new Map(),
      snapshot: null,
      started: 0,
    }
    states.set(payload, state)
  }
  return state
}

/** The things kept for one request: valid for its whole duration, empty when nothing may be kept. */
export type Kept = {
  /** Whether anything is kept for this request at all. */
  active: boolean
  get: <T>(kind: string, key: string) => T | undefined
  has: (kind: string, key: string) => boolean
  /**
   * Keeps `value` (`undefined` forgets it) in the region of its kind, whose limits the plugin's
   * `cache.limits` set (`src/calendar/cache/limits.ts`); `size` in bytes where they bound bytes;
   * `dependsOn`: the keys of the items whose change drops it (see the top; by default what
   * `defaultDependencies` says of its kind).
   */
  set: (
    kind: string,
    key: string,
    value: unknown,
    size?: number,
    dependsOn?: readonly string[],
  ) => void
}

const NOTHING_KEPT: Kept = {
  active: false,
  get: () => undefined,
  has: () => false,
  set: () => undefined,
}
const KEPT = Symbol('kept')

/** What the cache reads of a request: Payload, its request, the reader and the plugin's options. */
export type KeptReader = {
  options: SanitizedPluginConfig
  payload: Payload
  req: PayloadRequest
  user: PayloadRequest['user']
}

/**
 * What this request may reuse. Checks the change log once per request (the result is remembered
 * on the request), and only for visitors.
 */
export async function keptFor(ctx: KeptReader): Promise<Kept> {
  return keptOn(
    ctx,
    ctx.payload,
    !ctx.options.cache.keepReads || Boolean(ctx.user || ctx.req.transactionID),
  )
}

/** The same for a request of Payload's own APIs (its REST and GraphQL, the admin): only for visitors. */
export async function keptForPayloadRequest(req: PayloadRequest): Promise<Kept> {
  return keptOn(
    req,
    req.payload,
    !pluginOptionsOf(req.payload).cache.keepReads || Boolean(req.user || req.transactionID),
  )
}

/** What `holder`'s request may reuse, remembered on it: nothing when the options keep nothing, for a signed-in caller or inside a transaction. */
function keptOn(holder: object, payload: Payload, keepNothing: boolean): Promise<Kept> {
  const remembered = (holder as Record<symbol, Promise<Kept>>)[KEPT]
  if (remembered) return remembered
  const kept = keepNothing ? Promise.resolve(NOTHING_KEPT) : currentEpoch(payload)
  Object.defineProperty(holder, KEPT, { value: kept })
  return kept
}

/** The transactions that `$1` (a snapshot) could not see and that have committed since. */
const UNSEEN = `unseen AS (
    SELECT txid FROM calendar_changes
    WHERE txid >= pg_snapshot_xmin($1::pg_snapshot)
      AND NOT pg_visible_in_snapshot(txid, $1::pg_snapshot)
  )`

/** Whether any unseen transaction named no item. */
const UNNAMED = `EXISTS (
      SELECT 1 FROM unseen
      WHERE NOT EXISTS (SELECT 1 FROM calendar_change_items item WHERE item.txid = unseen.txid)
    ) AS unnamed`

/**
 * The unseen transactions (`UNSEEN`): whether there is any, whether one of them named no item,
 * the items they changed (a term's count only where one of them moved it), and the facts of the
 * lists' rows one of them changed (`src/db/calendarSchema/listRows.ts`). Each transaction is
 * judged alone: what was kept may have been read after some of them committed, so two that undo
 * each other must still drop it. Every visitor's request asks this, most often of no change:
 * small enough for Postgres to keep one plan of it for every snapshot. When it names an item of a
 * collection whose changes are judged by what visitors can see of them (`judgedCollections`),
 * `JUDGED_CHECK` is asked instead.
 */
const EPOCH_CHECK = `
  WITH ${UNSEEN}
  SELECT pg_current_snapshot()::text AS now,
    EXISTS (SELECT 1 FROM unseen) AS changed,
    ${UNNAMED},
    (
      SELECT json_agg(changed.collection || ':' || changed.id) FROM (
        SELECT item.collection, item.id FROM calendar_change_items item JOIN unseen USING (txid)
        GROUP BY item.collection, item.id
        HAVING item.collection <> '${TERM_COUNTS}' OR bool_or(item.delta <> 0)
      ) changed
    ) AS items,
    (
      SELECT json_agg(DISTINCT row.fact) FROM calendar_change_rows row JOIN unseen USING (txid)
      WHERE row.delta <> 0
    ) AS facts`

/**
 * `EPOCH_CHECK`, with the changes of the items of the collections `$2` judged by what visitors
 * can see of them (`src/db/calendarSchema/hiddenChanges.ts`): the items are those visitors can
 * see changed; the items whose change only answers that depend on any change can tell
 * (`hidden`); the collections of the items whose slug alone visitors can see changed (`slugs`);
 * the facts of the lists' rows only of the events visitors can see changed. Postgres plans it
 * anew each time it is asked (a plan for any snapshot, where a third of the log might be unseen,
 * looks far dearer to it than one for the snapshot given), which costs several times
 * `EPOCH_CHECK`: it is asked only after a change of such an item.
 */
const JUDGED_CHECK = `
  WITH ${UNSEEN}, ${ITEM_TIERS}
  SELECT pg_current_snapshot()::text AS now,
    EXISTS (SELECT 1 FROM unseen) AS changed,
    ${UNNAMED},
    (
      SELECT json_agg(changed.collection || ':' || changed.id) FROM (
        SELECT item.collection, item.id FROM calendar_change_items item JOIN unseen USING (txid)
        WHERE NOT EXISTS (
          SELECT 1 FROM item_tiers hidden
          WHERE hidden.collection = item.collection AND hidden.id = item.id AND hidden.tier < ${TIERS.seen}
        )
        GROUP BY item.collection, item.id
        HAVING item.collection <> '${TERM_COUNTS}' OR bool_or(item.delta <> 0)
      ) changed
    ) AS items,
    (
      SELECT json_agg(hidden.collection || ':' || hidden.id) FROM item_tiers hidden WHERE hidden.tier = ${TIERS.told}
    ) AS hidden,
    (
      SELECT json_agg(DISTINCT hidden.collection) FROM item_tiers hidden WHERE hidden.tier = ${TIERS.slug}
    ) AS slugs,
    (
      SELECT json_agg(DISTINCT row.fact) FROM calendar_change_rows row JOIN unseen USING (txid)
      WHERE row.delta <> 0 AND NOT EXISTS (
        SELECT 1 FROM item_tiers hidden
        WHERE hidden.collection = '${CALENDAR_SLUGS.events}' AND hidden.id = row.event_id AND hidden.tier < ${TIERS.seen}
      )
    ) AS facts`

/** The first check of a process: the snapshot to start from, and whether the database has the log at all. */
const FIRST_CHECK = `
  SELECT pg_current_snapshot()::text AS now, true AS changed, true AS unnamed, NULL::json AS items, NULL::json AS facts
  FROM (SELECT 1 FROM calendar_changes, calendar_change_items, calendar_change_rows, calendar_change_traces LIMIT 1) AS log RIGHT JOIN (SELECT 1) AS one ON true`

const CHECKS = { changes: EPOCH_CHECK, first: FIRST_CHECK, judged: JUDGED_CHECK }

type CheckRow = {
  changed: boolean
  facts: null | string[]
  /** `JUDGED_CHECK`'s only. */
  hidden?: null | string[]
  items: null | string[]
  now: string
  /** `JUDGED_CHECK`'s only. */
  slugs?: null | string[]
  unnamed: boolean
}

async function checkChanges(
  payload: Payload,
  db: SqlQuerier,
  check: keyof typeof CHECKS,
  values: string[],
) {
  const pool = poolOf(payload)
  const text = CHECKS[check]
  // Every visitor's request asks one: a named statement is parsed once per connection.
  const { rows } = pool
    ? await pool.query<CheckRow>({ name: `calendar-epoch-check-${check}`, text, values })
    : await db.execute(
        sql.join(
          text
            .split(/(\$\d)/)
            .map((part) =>
              /^\$\d$/.test(part) ? sql`${values[Number(part.slice(1)) - 1]}` : sql.raw(part),
            ),
          sql.raw(''),
        ),
      )
  return rows[0] as CheckRow
}

/**
 * What a visitor's request may reuse: the epoch after a check of the change log that began after
 * the request arrived. Concurrent requests share one check (`checkAfterArrival`): a request that
 * arrives while a check is going waits for the next one, since the one going may have taken its
 * snapshot before a write that was acknowledged before this request arrived.
 */
async function currentEpoch(payload: Payload): Promise<Kept> {
  const state = stateOf(payload)
  if (state.available === false) return NOTHING_KEPT
  state.check ??= checkAfterArrival(() => advanceEpoch(payload, state))
  const epoch = await state.check()
  return epoch === null ? NOTHING_KEPT : epochView(payload, state, epoch)
}

/** One check of the change log, and what it drops: the epoch that is current after it, `null` without the log. */
async function advanceEpoch(payload: Payload, state: State): Promise<null | number> {
  const db = state.available === false ? null : drizzleOf(payload)
  if (!db) return null
  let check: CheckRow
  try {
    const judged = (state.judged ??= judgedCollections(payload))
    const snapshot = state.snapshot
    check = snapshot
      ? await checkChanges(payload, db, 'changes', [snapshot])
      : await checkChanges(payload, db, 'first', [])
    // What visitors can see of a change of such an item is asked only when there is one. Its
    // check takes a snapshot of its own, so what it tells is true of one moment.
    if (snapshot && check.items?.some((item) => judged.includes(collectionOf(item))))
      // An array's literal: one parameter, however the driver passes arrays.
      check = await checkChanges(payload, db, 'judged', [snapshot, `{${judged.join(',')}}`])
    state.available = true
  } catch (error) {
    const { cause, code } = error as { cause?: { code?: string }; code?: string }
    // 42P01: no change log (the migrations that make it are not there): keep nothing.
    if (code === '42P01' || cause?.code === '42P01') {
      state.available = false
      return null
    }
    throw error
  }
  if (check.changed === true) {
    state.snapshot = String(check.now)
    state.started = Date.now()
    const items = check.items ?? []
    // What visitors can see changed: a change of items they cannot read drops only what can tell
    // of it (the look-ups by slug, or what depends on any change), or nothing, and what was read
    // before it (or while it was under way) stays as true.
    const changed = [
      ...items.flatMap(keysChangedBy),
      ...(check.hidden ?? []),
      ...(check.facts ?? []),
    ]
    const slugs = (check.slugs ?? []).map(slugLookUps)
    if (check.unnamed === true || changed.length || slugs.length) {
      // What this request and the ones after it read is at least as new as this snapshot.
      state.epoch++
      if (check.unnamed === true || items.some((item) => !KNOWN.has(collectionOf(item))))
        dropEverything(state)
      else dropDependents(state, [...(changed.length ? [ANY_CHANGE, ...changed] : []), ...slugs])
    }
    if (Date.now() - state.pruned >= PRUNE_EVERY_MS) {
      state.pruned = Date.now()
      void prune(db)
    }
  } else if (Date.now() - state.started >= EPOCH_MAX_MS) {
    // Nothing changed since: what is kept is as true of the newer snapshot.
    state.snapshot = String(check.now)
    state.started = Date.now()
  }
  return state.epoch
}

const collectionOf = (item: string) => item.slice(0, item.lastIndexOf(':'))

/**
 * What a change of the slug of an item of `collection` that visitors cannot read drops: the
 * look-ups by slug that did not find a readable item (`endpoints/visitorResponses.ts`).
 */
export const slugLookUps = (collection: string) => `${collection}:slugs`

/** The keys an item's change fires: the item's, and its collection's. */
const keysChangedBy = (item: string) => [item, `${collectionOf(item)}:*`]

function dropEverything(state: State) {
  for (const region of state.regions.values()) region.clear()
  state.dependencies.clear()
  state.dependents.clear()
}

function dropDependents(state: State, keys: string[]) {
  for (const key of keys) {
    const dependents = state.dependents.get(key)
    if (!dependents) continue
    for (const entry of dependents) {
      // Kinds are names of ours; a key may hold anything.
      const split = entry.indexOf('\u0000')
      state.regions.get(entry.slice(0, split))?.delete(entry.slice(split + 1))
      forget(state, entry)
    }
    state.dependents.delete(key)
  }
}

/** `entry` no longer kept: out of the lists of what depends on its keys. */
function forget(state: State, entry: string) {
  for (const key of state.dependencies.get(entry) ?? []) state.dependents.get(key)?.delete(entry)
  state.dependencies.delete(entry)
}

function remember(state: State, entry: string, dependsOn: readonly string[]) {
  forget(state, entry)
  state.dependencies.set(entry, dependsOn)
  for (const key of dependsOn) {
    let dependents = state.dependents.get(key)
    if (!dependents) state.dependents.set(key, (dependents = new Set()))
    dependents.add(entry)
  }
}

/**
 * What a thing kept of `kind` depends on when its keeper does not say: an item kept by id, on
 * itself (an event also on the items and counts read with it); a term's count, on its count;
 * anything else (totals, trees, feeds), on any change.
 */
export function defaultDependencies(kind: string, key: string): readonly string[] {
  if (kind === TERM_COUNTS) return [`${TERM_COUNTS}:${key}`]
  const collection = kind.slice(0, kind.lastIndexOf(':'))
  if (collection === CALENDAR_SLUGS.events)
    return [`${collection}:${key}`, ...SHOWN_WITH_EVENTS_ANY]
  if (KNOWN.has(collection)) return [`${collection}:${key}`]
  return [ANY_CHANGE]
}

/** What is kept in `epoch`: nothing once a newer epoch has started, so a late request cannot mix old reads into the new one. */
function epochView(payload: Payload, state: State, epoch: number): Kept {
  const region = (kind: string) => {
    if (state.epoch !== epoch) return null
    let found = state.regions.get(kind)
    if (!found)
      state.regions.set(
        kind,
        (found = payloadRegion(
          payload,
          kind,
          limitsOfKind(pluginOptionsOf(payload).cache.limits, kind),
          // Dropped to stay within the limits: no longer depends on anything.
          (key) => forget(state, `${kind}\u0000${key}`),
        )),
      )
    return found
  }
  return {
    active: true,
    get: <T>(kind: string, key: string) => region(kind)?.get(key) as T | undefined,
    has: (kind, key) => region(kind)?.has(key) ?? false,
    set: (kind, key, value, size, dependsOn) => {
      const kept = region(kind)
      if (!kept) return
      kept.set(key, value, size)
      const entry = `${kind}\u0000${key}`
      if (value === undefined || !kept.has(key)) forget(state, entry)
      else remember(state, entry, dependsOn ?? defaultDependencies(kind, key))
    },
  }
}

/** Log rows older than any epoch can be are of no use (a day: well beyond EPOCH_MAX_MS). */
function prune(db: SqlQuerier) {
  db.execute(
    sql`WITH old AS (DELETE FROM calendar_changes WHERE at < now() - interval '1 day' RETURNING txid),
    items AS (DELETE FROM calendar_change_items WHERE txid <= (SELECT max(txid) FROM old)),
    traces AS (DELETE FROM calendar_change_traces WHERE txid <= (SELECT max(txid) FROM old))
    DELETE FROM calendar_change_rows WHERE txid <= (SELECT max(txid) FROM old)`,
  ).catch(() => undefined)
}

/**
 * How many items match a query (a list's total). Counting reads every matching item, so for
 * visitors the total is kept until the calendar changes.
 */
export async function countKept(
  ctx: KeptReader,
  kind: string,
  query: {
    collection: CollectionSlug
    overrideAccess: false
    req: PayloadRequest
    where: Where
  },
  /** Counts the same items in SQL of its own (`leanLinkedList.ts`); `undefined` leaves it to Payload. */
  leanCount?: () => Promise<number | undefined>,
  /** What drops the total (by default what `defaultDependencies` says of its kind: any change). */
  dependsOn?: readonly string[],
): Promise<number> {
  const kept = await keptFor(ctx)
  const key = `${ctx.req.locale}:${JSON.stringify(query.where)}`
  const known = kept.get<number>(kind, key)
  if (known !== undefined) return known
  const totalDocs = (await leanCount?.()) ?? (await ctx.payload.count(query)).totalDocs
  kept.set(kind, key, totalDocs, undefined, dependsOn)
  return totalDocs
}
