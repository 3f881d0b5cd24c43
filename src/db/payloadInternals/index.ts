import type { BaseDatabaseAdapter, Config, Payload } from 'payload'

import type { InternalsPatch, ReadOnly } from './patch'

import { missingAdapterState } from './adapter'
import { commitOutcomePatch } from './commitOutcome'
import { preferenceDeletesPatch } from './deleteOwnPreference'
import { boundedPreferencesPatch } from './boundedPreferences'
import { docAccessRestPatch } from './docAccess'
import { foldedSearchPatch } from './foldedSearchPatch'
import { hostMigrationsPatch } from './hostMigrations'
import { insertQueryCachePatch } from './insertQueryCache'
import { joinedCountsPatch } from './joinedCounts'
import { lockReleasesPatch } from './lockReleases'
import { payloadCollectionGuardsPatch } from './payloadCollectionGuards'
import { installedPayloadVersion } from './payloadVersion'
import { pushSchemaPatch } from './pushSchemaPatch'
import { relationalQueryCachePatch } from './relationalQueryCache'
import { revisionCopiesPatch } from './revisionCopies'
import { serialQueriesPatch } from './serialQueriesPatch'
import { unchangedChildrenPatch } from './unchangedChildren'
import { validationDetailsPatch } from './validationDetails'
import { versionTrimsPatch } from './versionTrims'

export type { InternalsPatch } from './patch'

/**
 * The Payload versions these patches are tested with (`test/api/payload-internals.test.ts`): the
 * package's peer range says the same, and `npm run test:latest-payload` tries the newest one.
 */
export const TESTED_PAYLOAD_VERSIONS = '~3.90.2'

const adapterStateRead: ReadOnly = {
  name: 'adapter-state',
  stage: 'read',
  whenDisabled: true,
  reason:
    "the calendar's own SQL runs on the adapter's pool, Drizzle database and transaction sessions (advisory locks, term counts, change log, lean reads), read through src/db/payloadInternals/adapter.ts",
  upstream: [],
  verify: (payload) => {
    const missing = missingAdapterState(payload)
    return missing.length ? `the Postgres adapter has no ${missing.join(', ')} any more` : null
  },
}

/** Every patch of Payload's and pg's internals, in the order they are applied. */
export const PAYLOAD_INTERNALS: InternalsPatch[] = [
  adapterStateRead,
  serialQueriesPatch,
  commitOutcomePatch,
  pushSchemaPatch,
  hostMigrationsPatch,
  validationDetailsPatch,
  payloadCollectionGuardsPatch,
  preferenceDeletesPatch,
  boundedPreferencesPatch,
  docAccessRestPatch,
  joinedCountsPatch,
  foldedSearchPatch,
  lockReleasesPatch,
  versionTrimsPatch,
  revisionCopiesPatch,
  unchangedChildrenPatch,
  relationalQueryCachePatch,
  insertQueryCachePatch,
]

const inEffect = (enabled: boolean) =>
  PAYLOAD_INTERNALS.filter((patch) => enabled || patch.whenDisabled)

/**
 * The config with the config patches applied and the adapter patches set to run on the
 * adapter as soon as `db.init` makes it (before Payload builds its schema and connects).
 */
export function applyConfigPatches(config: Config, { enabled }: { enabled: boolean }): Config {
  const patches = inEffect(enabled)
  const patched = patches.reduce(
    (next, patch) => (patch.stage === 'config' ? patch.apply(next) : next),
    config,
  )
  const db = config.db
  return {
    ...patched,
    db: {
      ...db,
      init: (args) => {
        const adapter = db.init(args)
        for (const patch of patches)
          if (patch.stage === 'adapter') patch.apply(adapter as BaseDatabaseAdapter)
        return adapter
      },
    },
  }
}

/** The patches that need the started Payload (the plugin's `onInit`). */
export function applyInitPatches(payload: Payload, { enabled }: { enabled: boolean }): void {
  for (const patch of inEffect(enabled)) if (patch.stage === 'init') patch.apply(payload)
}

export type PatchFailure = { name: string; problem: string }

/**
 * Checks that every patch that should be in effect is, and logs an error for each that is not,
 * naming the patch, what it was for and the installed Payload version.
 */
export function verifyPayloadInternals(
  payload: Payload,
  { enabled }: { enabled: boolean },
): PatchFailure[] {
  const failures: PatchFailure[] = []
  for (const patch of inEffect(enabled)) {
    let problem: null | string
    try {
      problem = patch.verify(payload)
    } catch (error) {
      problem = `its check failed: ${(error as Error)?.message ?? String(error)}`
    }
    if (problem) failures.push({ name: patch.name, problem })
  }
  if (failures.length) {
    const version = installedPayloadVersion()
    for (const { name, problem } of failures) {
      const patch = PAYLOAD_INTERNALS.find((entry) => entry.name === name)!
      payload.logger.error(
        `events calendar: the patch "${name}" of Payload's internals is not in effect with payload ${version} (tested with ${TESTED_PAYLOAD_VERSIONS}): ${problem}. ` +
          `What it is for: ${patch.reason}.${patch.upstream.length ? ` Upstream: ${patch.upstream.join(', ')}` : ''}`,
      )
    }
  }
  return failures
}
