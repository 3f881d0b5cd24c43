import type { CollectionConfig } from 'payload'

import type { CollectionOverride } from '../src/types'

type Hooks = NonNullable<CollectionConfig['hooks']>
type Admin = NonNullable<CollectionConfig['admin']>

/**
 * Merges a site's override into a generated collection. What the plugin's behaviour hangs on is
 * merged rather than replaced: `access` per operation, `admin` per key (`components` per key
 * too), `hooks` per kind with the plugin's first (so an override that adds a `beforeChange`
 * keeps the status workflow), `fields` through the override's function. Other keys replace.
 */
export function applyOverride(
  collection: CollectionConfig,
  override?: CollectionOverride,
): CollectionConfig {
  if (!override) return collection
  const { access, admin, fields, hooks, ...rest } = override
  return {
    ...collection,
    ...rest,
    slug: collection.slug,
    access: { ...collection.access, ...access },
    admin: mergeAdmin(collection.admin, admin),
    fields: fields ? fields({ defaultFields: collection.fields }) : collection.fields,
    hooks: mergeHooks(collection.hooks, hooks),
  }
}

/** Each kind of hook: the first's, then the second's. */
export function mergeHooks(first: Hooks = {}, second: Hooks = {}): Hooks {
  const merged: Record<string, unknown[]> = {}
  for (const kind of new Set([...Object.keys(first), ...Object.keys(second)])) {
    merged[kind] = [
      ...((first as Record<string, unknown[]>)[kind] ?? []),
      ...((second as Record<string, unknown[]>)[kind] ?? []),
    ]
  }
  return merged as Hooks
}

function mergeAdmin(generated: Admin = {}, override?: Admin): Admin {
  if (!override) return generated
  const components =
    generated.components || override.components
      ? { ...generated.components, ...override.components }
      : undefined
  return { ...generated, ...override, ...(components ? { components } : {}) }
}
