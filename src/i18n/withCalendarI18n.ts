import type { Config } from 'payload'

import { en } from '@payloadcms/translations/languages/en'
import { es } from '@payloadcms/translations/languages/es'
import { fr } from '@payloadcms/translations/languages/fr'
import { deepMergeSimple } from '@payloadcms/translations/utilities'

import { calendarTranslations } from './index'

/**
 * The admin in English, French and Spanish: Payload's own translations of those languages are
 * added to the host's (a host without `supportedLanguages` has Payload's default, English), and
 * the plugin's words under its namespace. What the host sets itself wins: its languages are kept
 * and its own translations of the plugin's keys override the plugin's.
 */
export function withCalendarI18n(i18n: Config['i18n']): NonNullable<Config['i18n']> {
  const supported = i18n?.supportedLanguages ?? { en }
  return {
    ...i18n,
    supportedLanguages: { ...supported, es: supported.es ?? es, fr: supported.fr ?? fr },
    translations: deepMergeSimple(
      calendarTranslations,
      (i18n?.translations ?? {}) as typeof calendarTranslations,
    ),
  }
}
