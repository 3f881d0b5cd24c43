import type { ParamSpec, ParamSpecs } from './params'

import { TEXT_LIMITS } from '../src/lib/textLimits'
import { text } from './i18n'
import { isString } from './validators'

/**
 * `password`: the password of a protected event, venue or organizer, which shows it in full
 * (`unlockProtected.ts`). A single event's routes list it, as the original does.
 */
export const passwordArg: ParamSpec = {
  type: 'string',
  maxLength: TEXT_LIMITS.password,
  description: text('The event password', {
    fr: 'Le mot de passe de l’événement',
    es: 'La contraseña del evento',
  }),
  validate: isString,
}

/**
 * The same argument on the other routes that show protected items (lists, venues, organizers,
 * events embedded in them): read from the query string only and listed nowhere, as there the
 * original reads it without declaring it; anything but text unlocks nothing.
 */
const unlistedPasswordArg: ParamSpec = {
  documented: false,
  in: 'query',
  maxLength: TEXT_LIMITS.password,
  sanitize: (value) => (typeof value === 'string' ? value : undefined),
}

/**
 * `context`: `edit` lets an editor see protected items in full (`unlockProtected.ts`). The original
 * reads it on these routes without declaring it, so it is listed nowhere either; anything but
 * text is no context.
 */
const unlistedContextArg: ParamSpec = {
  documented: false,
  in: 'query',
  maxLength: TEXT_LIMITS.argument,
  sanitize: (value) => (typeof value === 'string' ? value : undefined),
}

/** Declarations with `password` and `context` added where they do not declare them already. */
export function withPassword(specs: ParamSpecs): ParamSpecs {
  return {
    ...specs,
    ...('password' in specs ? {} : { password: unlistedPasswordArg }),
    ...('context' in specs ? {} : { context: unlistedContextArg }),
  }
}
