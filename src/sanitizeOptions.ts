import type { Config } from 'payload'

import type { EventsCalendarPluginConfig, SanitizedPluginConfig } from './types'

import { isValidTimeZone } from './lib/timezone'

export function sanitizeOptions(
  options: EventsCalendarPluginConfig,
  config: Pick<Config, 'localization'>,
): SanitizedPluginConfig {
  const configLocales = config.localization
    ? config.localization.locales.map((locale) => (typeof locale === 'string' ? locale : locale.code))
    : ['en']
  const languages = options.languages?.length ? options.languages : configLocales
  const unknown = languages.filter((language) => !configLocales.includes(language))
  if (unknown.length) {
    throw new Error(`eventsCalendarPlugin: languages ${unknown.join(', ')} are not locales of the Payload config`)
  }
  const siteTimezone = options.siteTimezone ?? 'UTC'
  if (!isValidTimeZone(siteTimezone)) {
    throw new Error(`eventsCalendarPlugin: siteTimezone "${siteTimezone}" is not an IANA timezone`)
  }
  const maxPerPage = options.maxPerPage ?? 50
  const defaultPerPage = Math.min(options.defaultPerPage ?? 10, maxPerPage)
  if (!Number.isInteger(maxPerPage) || maxPerPage < 1 || !Number.isInteger(defaultPerPage) || defaultPerPage < 1) {
    throw new Error('eventsCalendarPlugin: maxPerPage and defaultPerPage must be positive integers')
  }
  const defaultLanguage =
    config.localization && languages.includes(config.localization.defaultLocale)
      ? config.localization.defaultLocale
      : languages[0]!
  return {
    clock: options.clock ?? (() => new Date()),
    defaultLanguage,
    defaultPerPage,
    disabled: options.disabled ?? false,
    languages,
    maxPerPage,
    mediaCollection: options.mediaCollection ?? 'media',
    namespace: (options.namespace ?? 'vendor/events/v1').replace(/^\/+|\/+$/g, ''),
    overrides: options.overrides ?? {},
    restRoot: (options.restRoot ?? 'wp-json').replace(/^\/+|\/+$/g, ''),
    scheduledPublication: {
      autoRun: options.scheduledPublication?.autoRun ?? false,
      cron: options.scheduledPublication?.cron ?? '* * * * *',
    },
    siteTimezone,
    siteUrl: (options.siteUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
    usersCollection: options.usersCollection ?? 'users',
  }
}
