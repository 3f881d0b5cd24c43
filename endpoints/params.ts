import type { ArgsContext } from './context'
import type { RestError } from './errors'
import type { Language, LocalizedText } from './i18n'

/** JSON-schema types that drive coercion of a parameter, as WordPress's `rest_parse_request_arg` does. */
export type ParamType = 'array' | 'boolean' | 'integer' | 'number' | 'object' | 'string'

/**
 * A rule's verdict that a value is valid, carrying what the rule found while checking it (an item,
 * term ids): the handler reads it with `foundFor` (`args.ts`) instead of looking it up again.
 */
export class Found {
  constructor(readonly value: unknown) {}
}

export const found = (value: unknown): Found => new Found(value)

/** A validation rule: `false` is "Invalid parameter.", a RestError carries its own message. */
export type Validator = (
  value: unknown,
  ctx: ArgsContext,
) => boolean | Found | Promise<boolean | Found | RestError> | RestError

/**
 * One parameter of one endpoint, declared once. The declaration validates and coerces requests,
 * and the namespace index and `/doc` are generated from it, so the three cannot drift apart.
 * The keys that reach the index (`default`, `description`, `type`, `format`, `items`, `enum`)
 * appear there in the order they are declared here, as in the original.
 */
export type ParamSpec = {
  /** A value, or a function for values that depend on the clock or the site. */
  default?: ((ctx: DefaultContext) => unknown) | boolean | null | number | string
  description?: LocalizedText
  enum?: readonly string[]
  /** Documentation-only format (`date-time`, `double`, …), as TEC declares it. */
  format?: string
  /** A list the original also reads as comma-separated text, which `/doc` marks `style: form`. */
  csv?: boolean
  /**
   * `false` for an argument read like any other but listed neither in the namespace index nor in
   * `/doc`, where the original does not list it (a `password` on most routes).
   */
  documented?: false
  /**
   * `true` for our own arguments, which the original does not declare and so ignores whatever
   * they hold: an empty value is read as not sent instead of refused as a declared type would be.
   */
  extension?: true
  /** Where `/doc` says the parameter goes; `query` is also the only place it is read from. */
  in?: 'body' | 'path' | 'query'
  items?: { type: ParamType }
  /**
   * The longest text this argument takes, checked before any rule runs (`argBounds.ts`);
   * `TEXT_LIMITS.argument` when not declared. Not listed in the index or `/doc`, where the original has none.
   */
  maxLength?: number
  /** The most entries a list argument takes (`TEXT_LIMITS.listItems` when not declared), checked the same way. */
  maxItems?: number
  required?: boolean
  /** Turns the validated value into what the handler gets (e.g. clamps `per_page`). */
  sanitize?: (value: unknown, ctx: ArgsContext) => unknown
  /** The type `/doc` shows when it differs from the coercing `type` (TEC's `swagger_type`). */
  swaggerType?: string
  /** The WordPress type: drives coercion and appears in the index. */
  type?: ParamType
  validate?: Validator
}

export type ParamSpecs = Record<string, ParamSpec>

export type DefaultContext = { namespace: string; now: Date; siteTimezone: string }

const INDEX_KEYS = new Set(['default', 'description', 'enum', 'format', 'items', 'type'])

/** The `args` of one endpoint in the namespace index: JSON-schema keywords plus `required`. */
export function describeArgs(
  specs: ParamSpecs,
  language: Language,
  ctx: DefaultContext,
): Record<string, unknown> | [] {
  const entries = Object.entries(documentedArgs(specs)).map(([name, spec]) => {
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(spec)) {
      if (!INDEX_KEYS.has(key) || value === undefined) continue
      if (key === 'default')
        out.default =
          typeof value === 'function' ? (value as (c: DefaultContext) => unknown)(ctx) : value
      else if (key === 'description')
        out.description = (value as LocalizedText)[language] ?? (value as LocalizedText).en
      else out[key] = value
    }
    out.required = spec.required ?? false
    return [name, out] as const
  })
  // WordPress encodes an empty PHP array as `[]`, which clients see for routes without arguments.
  return entries.length ? Object.fromEntries(entries) : []
}

/** The declarations the namespace index and `/doc` list. */
export function documentedArgs(specs: ParamSpecs): ParamSpecs {
  return Object.fromEntries(Object.entries(specs).filter(([, spec]) => spec.documented !== false))
}

/** The same declarations with every argument optional: the update form of a create's arguments. */
export function optional(specs: ParamSpecs): ParamSpecs {
  return Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [name, { ...spec, required: false }]),
  )
}
