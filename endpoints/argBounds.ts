import type { ParamSpec } from './params'

import { TEXT_LIMITS } from '../src/lib/textLimits'
import { RestError } from './errors'

/**
 * The bounds every argument is held to before any rule reads it (issue 25: an 840 KB `start_date`
 * held the main thread 29 s, 70,000 `categories` overflowed the stack after 21 s): text no
 * longer than the argument's `maxLength`, lists no longer than its `maxItems`, each entry of a
 * list no longer than `maxLength`. WordPress has no such bounds; its own words for them are
 * `rest_too_long` and `rest_too_many_items`, which `readArgs` reports inside a 400
 * `rest_invalid_param` naming the argument. Each check reads the value once, so refusing costs
 * no more than the value's length.
 */
export function outOfBounds(name: string, spec: ParamSpec, value: unknown): RestError | undefined {
  const maxLength = spec.maxLength ?? TEXT_LIMITS.argument
  const maxItems = spec.maxItems ?? TEXT_LIMITS.listItems
  if (Array.isArray(value)) {
    if (value.length > maxItems) return tooManyItems(name, maxItems)
    return value.some((entry) => typeof entry === 'string' && entry.length > maxLength)
      ? tooLong(name, maxLength)
      : undefined
  }
  if (typeof value !== 'string') return undefined
  // A list sent as comma-separated text (`categories=1,2,3`): its entries are bounded, not the whole text.
  if (!isList(spec)) return value.length > maxLength ? tooLong(name, maxLength) : undefined
  let entries = 1
  let start = 0
  for (let at = value.indexOf(','); ; at = value.indexOf(',', start)) {
    const end = at === -1 ? value.length : at
    if (end - start > maxLength) return tooLong(name, maxLength)
    if (at === -1) return undefined
    if (++entries > maxItems) return tooManyItems(name, maxItems)
    start = at + 1
  }
}

const isList = (spec: ParamSpec) =>
  Boolean(
    spec.csv ||
    spec.items ||
    spec.type === 'array' ||
    spec.swaggerType === 'array' ||
    spec.maxItems,
  )

const tooLong = (name: string, max: number) =>
  new RestError(
    'rest_too_long',
    `${name} must be at most ${max} character${max === 1 ? '' : 's'} long.`,
    400,
  )

const tooManyItems = (name: string, max: number) =>
  new RestError(
    'rest_too_many_items',
    `${name} must contain at most ${max} item${max === 1 ? '' : 's'}.`,
    400,
  )
