import type { Field, FieldHook, PayloadRequest, TextField } from 'payload'

import { text } from 'payload/shared'

type Validate = NonNullable<TextField['validate']>

/** Per request, the name fields that stand in for a missing translation in the write under way. */
const standingIn = new WeakMap<PayloadRequest, Set<string>>()

/**
 * The item's name fields (an event's title, a venue's or term's name) with a rule that reads as
 * the item does (`docs/compatibility.md`, "Languages"): in a language it has no name of its own
 * in yet, the default language's name stands in, so an update in that language (`/fr/`,
 * `?locale=es`) that does not name it is not refused as nameless. The translation's name is kept
 * empty, which reads (Payload's and the lean ones) fill from the default language, so it goes on
 * following the default language's name. Clearing a name the item has in that language is still
 * refused, and so is an item without one in the default language.
 */
export function withDefaultLanguageFallback(fields: Field[], names: string[]): Field[] {
  return fields.map((field) => {
    if (field.type !== 'text' || !names.includes(field.name) || !field.localized || !field.required)
      return field
    // Payload's rule for a text field (or the field's own), which checks `required` among the rest.
    const own = (field.validate ?? text) as (
      value: unknown,
      options: Parameters<Validate>[1],
    ) => ReturnType<Validate>
    const standIn: FieldHook = ({
      operation,
      previousValue,
      req,
      siblingDocWithLocales,
      value,
    }) => {
      // Only a translation without a name of its own (a name sent empty where it had one is refused).
      if (!isEmpty(value) || !isEmpty(previousValue) || operation !== 'update') return value
      if (
        !inAnotherLanguage(req) ||
        isEmpty(
          (
            siblingDocWithLocales as Record<string, Record<string, unknown> | undefined> | undefined
          )?.[field.name]?.[defaultLocaleOf(req)],
        )
      )
        return value
      const fields = standingIn.get(req) ?? new Set<string>()
      standingIn.set(req, fields.add(field.name))
      return ''
    }
    const validate = (value: unknown, options: Parameters<Validate>[1]) =>
      value === '' && standingIn.get(options.req)?.has(field.name)
        ? own(value, { ...options, required: false })
        : own(value, options)
    return {
      ...field,
      hooks: { ...field.hooks, beforeChange: [...(field.hooks?.beforeChange ?? []), standIn] },
      validate,
    } as Field
  })
}

const defaultLocaleOf = (req: PayloadRequest) =>
  req.payload.config.localization ? req.payload.config.localization.defaultLocale : ''

function inAnotherLanguage(req: PayloadRequest): boolean {
  return Boolean(
    req.payload.config.localization &&
    req.locale &&
    req.locale !== 'all' &&
    req.locale !== defaultLocaleOf(req),
  )
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}
