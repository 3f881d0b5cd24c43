import type { ArgsContext } from './context'
import type { ParamSpec, ParamSpecs, ParamType } from './params'

import { Found } from './params'

import { outOfBounds } from './argBounds'
import { invalidParams, invalidType, missingParams, RestError } from './errors'

/**
 * Reads an endpoint's declared arguments from a request the way WordPress's REST server does
 * (`WP_REST_Request`, `WP_REST_Server::dispatch`), in its order:
 * 1. each argument from the body, else the query string, else the path;
 * 2. declared defaults where nothing was sent (an empty value of one of our own arguments counts
 *    as nothing, `ParamSpec.extension`);
 * 3. required arguments → 400 `rest_missing_callback_param`;
 * 4. each sent argument's length and count within its bounds (`argBounds.ts`), before any rule
 *    reads it → 400 `rest_invalid_param`;
 * 5. validation rules (or the declared type, where there is no rule) → 400 `rest_invalid_param`;
 * 6. coercion to the declared type, then the argument's own sanitizer.
 * Undeclared parameters are left out: handlers only ever see declared, validated values.
 */
export async function readArgs(
  specs: ParamSpecs,
  ctx: ArgsContext,
): Promise<Record<string, unknown>> {
  const body =
    ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body)
      ? (ctx.body as Record<string, unknown>)
      : {}
  // Read only by the defaults that need it: an answer that never reads the clock may be kept longer (`visitorResponses.ts`).
  const defaults = {
    namespace: ctx.options.namespace,
    get now() {
      return ctx.now
    },
    siteTimezone: ctx.options.siteTimezone,
  }
  const values: Record<string, unknown> = {}
  const sent = new Set<string>()

  for (const [name, spec] of Object.entries(specs)) {
    const given =
      spec.in === 'query'
        ? ctx.query[name]
        : firstDefined(body[name], ctx.query[name], ctx.params[name])
    // The original ignores arguments it does not declare; an empty one of ours is taken as not sent.
    if (given !== undefined && !(spec.extension && given === '')) {
      values[name] = given
      sent.add(name)
      continue
    }
    const fallback = typeof spec.default === 'function' ? spec.default(defaults) : spec.default
    if (fallback !== undefined && fallback !== null) values[name] = fallback
  }

  const missing = Object.entries(specs)
    .filter(([name, spec]) => spec.required && values[name] === undefined)
    .map(([name]) => name)
  if (missing.length) {
    throw missingParams(missing)
  }

  const problems = new Problems()
  for (const name of sent) {
    const error = outOfBounds(name, specs[name]!, values[name])
    if (error) problems.add(name, error.message, error)
  }
  problems.throwIfAny()

  const founds: Record<string, unknown> = {}
  for (const [name, spec] of Object.entries(specs)) {
    const value = values[name]
    if (value === undefined || value === null) continue
    if (spec.validate) {
      const verdict = await spec.validate(value, ctx)
      if (verdict instanceof Found) founds[name] = verdict.value
      else if (verdict instanceof RestError) problems.add(name, verdict.message, verdict)
      else if (!verdict) problems.add(name, 'Invalid parameter.')
    } else if (spec.type && coerce(value, spec.type) === INVALID) {
      problems.add(name, `${name} is not of type ${spec.type}.`, invalidType(name, spec.type))
    }
  }
  problems.throwIfAny()

  const out: Record<string, unknown> = {}
  for (const [name, spec] of Object.entries(specs)) {
    let value = values[name]
    if (value === undefined) continue
    if (value !== null && spec.type) {
      const coerced = coerce(value, spec.type)
      if (coerced === INVALID)
        problems.add(name, `${name} is not of type ${spec.type}.`, invalidType(name, spec.type))
      else value = coerced
    }
    out[name] = spec.sanitize && value !== null ? spec.sanitize(value, ctx) : value
  }
  problems.throwIfAny()
  Object.defineProperty(out, SENT, { enumerable: false, value: sent })
  Object.defineProperty(out, FOUND, { enumerable: false, value: founds })
  return out
}

const SENT = Symbol('sent')
const FOUND = Symbol('found')

/**
 * What the argument's rule found while validating it (`found` in `params.ts`: the item an id or
 * slug names, the ids of the terms a list names), so each argument is looked up once.
 */
export function foundFor<T>(args: Record<string, unknown>, name: string): T | undefined {
  return ((args as Record<symbol, Record<string, unknown>>)[FOUND] ?? {})[name] as T | undefined
}

/** Whether the client sent an argument (as opposed to it coming from a default). */
export function wasSent(args: Record<string, unknown>, name: string): boolean {
  return ((args as Record<symbol, Set<string>>)[SENT] ?? new Set()).has(name)
}

class Problems {
  private readonly params: Record<string, string> = {}
  private readonly details: Record<string, unknown> = {}

  add(name: string, message: string, error?: RestError) {
    this.params[name] = message
    if (error)
      this.details[name] = {
        code: error.code,
        message: error.message,
        data: error.data.data ?? null,
      }
  }

  throwIfAny() {
    const names = Object.keys(this.params)
    if (!names.length) return
    throw invalidParams(this.params, this.details)
  }
}

const INVALID = Symbol('invalid')

/** WordPress's `rest_sanitize_value_from_schema` for the scalar types these routes declare. */
function coerce(value: unknown, type: ParamType): unknown {
  switch (type) {
    case 'integer': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
      return typeof number === 'number' && Number.isInteger(number) ? number : INVALID
    }
    case 'number': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
      return typeof number === 'number' && Number.isFinite(number) ? number : INVALID
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value
      const text = String(value).toLowerCase()
      if (['true', '1'].includes(text) && typeof value !== 'object') return true
      // `rest_is_boolean`: an empty string is no boolean (`featured=` is refused).
      if (['false', '0'].includes(text) && typeof value !== 'object') return false
      return INVALID
    }
    case 'string':
      return typeof value === 'string' ? value : INVALID
    case 'array':
      return Array.isArray(value) ? value : INVALID
    case 'object':
      return value && typeof value === 'object' && !Array.isArray(value) ? value : INVALID
  }
}

function firstDefined(...values: unknown[]): unknown {
  return values.find((value) => value !== undefined)
}

export type { ParamSpec }
