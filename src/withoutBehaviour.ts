import type { CollectionConfig, TaskConfig } from 'payload'

/**
 * What a disabled plugin (`disabled: true`, `src/types.ts`) leaves of its collections, users and
 * job: the schema and what decides who sees what, none of the behaviour.
 */

/**
 * The hook kinds a disabled plugin keeps on its collections: reading, where password-protected
 * content is blanked (`src/hooks/hideProtectedContent.ts`). Like the access rules, it limits what
 * a reader sees; dropping it would show more with the plugin off than on.
 */
const READ_GUARD_KINDS = ['beforeRead'] as const

/** A generated collection without the plugin's hooks, read guard aside, and without its endpoints (a series' occurrences); fields and access stay. */
export function withoutPluginHooks(collection: CollectionConfig): CollectionConfig {
  const hooks: NonNullable<CollectionConfig['hooks']> = {}
  for (const kind of READ_GUARD_KINDS) {
    if (collection.hooks?.[kind]?.length) hooks[kind] = collection.hooks[kind]
  }
  return { ...collection, endpoints: [], hooks }
}

/**
 * The users collection the plugin extended (`collections/Users/index.ts`) with the site's own
 * hooks and sign-in strategies back in place of the plugin's: the fields (role, display name),
 * the access rules and the auth settings that shape the schema (`maxLoginAttempts: 0` means no
 * lockout columns) stay.
 */
export function withoutCalendarSignIn(
  extended: CollectionConfig,
  siteOwn?: CollectionConfig,
): CollectionConfig {
  const auth = typeof extended.auth === 'object' ? extended.auth : {}
  const ownStrategies = typeof siteOwn?.auth === 'object' ? siteOwn.auth.strategies : undefined
  return {
    ...extended,
    auth: { ...auth, strategies: ownStrategies ?? [] },
    hooks: siteOwn?.hooks ?? {},
  }
}

/**
 * The scheduled publication task, registered under the same slug (Payload's jobs collection and
 * its schema list the task slugs) but doing nothing: a queue runner that still runs it publishes
 * nothing.
 */
export function inertPublishTask(task: TaskConfig): TaskConfig {
  return { ...task, handler: async () => ({ output: { published: 0 } }) }
}
