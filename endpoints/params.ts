import type { Language, LocalizedText } from './i18n'

/** JSON-schema types that drive coercion of a parameter, as WordPress's `rest_parse_request_arg` does. */
export type ParamType = 'array' | 'boolean' | 'integer' | 'number' | 'object' | 'string'

/**
 * One parameter of one route, declared once. The declaration validates and coerces requests,
 * and the namespace index and `/doc` are generated from it, so the three cannot drift apart.
 */
export type ParamSpec = {
  /** A value, or a function for values that depend on the clock or the site. */
  default?: ((ctx: DefaultContext) => unknown) | boolean | null | number | string
  description?: LocalizedText
  enum?: readonly string[]
  /** Documentation-only format (`date-time`, `double`, …), as TEC declares it. */
  format?: string
  in?: 'body' | 'path' | 'query'
  items?: { type: ParamType }
  required?: boolean
  type?: ParamType
}

export type ParamSpecs = Record<string, ParamSpec>

export type DefaultContext = { namespace: string; now: Date; siteTimezone: string }

/** The `args` of one endpoint in the namespace index: JSON-schema keywords plus `required`. */
export function describeArgs(specs: ParamSpecs, language: Language, ctx: DefaultContext): Record<string, unknown> | [] {
  const entries = Object.entries(specs).map(([name, spec]) => {
    const out: Record<string, unknown> = {}
    if (spec.default !== undefined) out.default = typeof spec.default === 'function' ? spec.default(ctx) : spec.default
    if (spec.format) out.format = spec.format
    if (spec.description) out.description = spec.description[language] ?? spec.description.en
    if (spec.type) out.type = spec.type
    if (spec.items) out.items = spec.items
    if (spec.enum) out.enum = spec.enum
    out.required = spec.required ?? false
    return [name, out] as const
  })
  // WordPress encodes an empty PHP array as `[]`, which clients see for routes without arguments.
  return entries.length ? Object.fromEntries(entries) : []
}
