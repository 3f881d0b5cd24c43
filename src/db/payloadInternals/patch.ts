import type { BaseDatabaseAdapter, Config, Payload } from 'payload'

/**
 * One place where the calendar reaches into Payload's (or `pg`'s) internals: what it changes,
 * why, and how to tell that the change is in effect. `verify` runs at every start, so an upgrade
 * that moves what a patch relies on is an error in the log naming the patch, not a behaviour
 * that quietly goes away.
 */
type Common = {
  name: string
  /** What it is for: what holds while it is in effect. */
  reason: string
  /** Upstream reports or changes it works around (links), where there are any. */
  upstream: string[]
  /** Applied by a disabled plugin too: the database stays the same whether it is on or off. */
  whenDisabled: boolean
  /** What is wrong when the patch is not in effect on this Payload; null when it is. */
  verify: (payload: Payload) => null | string
}

/** Applied to the config the plugin returns. */
export type ConfigPatch = Common & { apply: (config: Config) => Config; stage: 'config' }
/** Applied to the database adapter as `db.init` makes it, before Payload builds its schema and connects. */
export type AdapterPatch = Common & {
  apply: (adapter: BaseDatabaseAdapter) => void
  stage: 'adapter'
}
/** Applied to the started Payload (the plugin's `onInit`), where Payload's own collections exist. */
export type InitPatch = Common & { apply: (payload: Payload) => void; stage: 'init' }
/** Private state read through `adapter.ts`, changed nowhere: only verified. */
export type ReadOnly = Common & { stage: 'read' }

export type InternalsPatch = AdapterPatch | ConfigPatch | InitPatch | ReadOnly
