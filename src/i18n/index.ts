import type { CalendarTranslationKey } from './en'

import { en } from './en'
import { es } from './es'
import { fr } from './fr'
import { payloadWording } from './payloadWording'
import { permanentDeletion } from './permanentDeletion'

export type { CalendarTranslationKey } from './en'

/** The plugin's keys live under this namespace in Payload's translations: `t('eventsCalendar:events')`. */
export const NAMESPACE = 'eventsCalendar'

/**
 * The plugin's words in each language it ships, and its wording of some of Payload's
 * (`permanentDeletion.ts`, `payloadWording.ts`), in the shape of Payload's `i18n.translations`.
 */
export const calendarTranslations = {
  en: { [NAMESPACE]: en, general: permanentDeletion.en },
  es: {
    ...payloadWording.es,
    [NAMESPACE]: es,
    general: { ...permanentDeletion.es },
  },
  fr: {
    ...payloadWording.fr,
    [NAMESPACE]: fr,
    general: { ...payloadWording.fr.general, ...permanentDeletion.fr },
  },
}

export type Translate = (key: CalendarTranslationKey, vars?: Record<string, unknown>) => string

/** The plugin's keys through one of Payload's `t` functions (the request's, or the admin's `useTranslation`). */
export const translatorOf =
  (t: unknown): Translate =>
  (key, vars) =>
    (t as (key: string, vars?: Record<string, unknown>) => string)(`${NAMESPACE}:${key}`, vars)

/**
 * A label or description Payload translates into the editor's language when it builds the admin
 * (a label function, as the official plugins write theirs).
 */
export const label =
  (key: CalendarTranslationKey) =>
  ({ t }: { t: unknown }): string =>
    translatorOf(t)(key)

/**
 * The same words as a record by language, for the few settings Payload does not call as a
 * function (a collection's navigation group).
 */
export const labelByLanguage = (key: CalendarTranslationKey): Record<string, string> => ({
  en: en[key],
  es: es[key],
  fr: fr[key],
})
