import type { Config } from 'payload'

import type { EventsCalendarPluginConfig, SanitizedPluginConfig } from './types'

import { isValidTimeZone } from './lib/timezone'

export function sanitizeOptions(
  options: EventsCalendarPluginConfig,
  config: Pick<Config, 'localization' | 'routes'>,
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
  const namespace = pathOption('namespace', options.namespace ?? 'vendor/events/v1')
  const restRoot = pathOption('restRoot', options.restRoot ?? 'wp-json')
  // `/fr/…` is a language root: a REST root starting with a language could be read both ways.
  if (languages.includes(restRoot.split('/')[0]!)) {
    throw new Error(`eventsCalendarPlugin: restRoot "${restRoot}" starts with a language code`)
  }
  const imageHosts = (options.imageHosts ?? []).map((host) => String(host).trim().toLowerCase())
  if (imageHosts.some((host) => !host || /[/:\s@]/.test(host) && !/^\[[0-9a-f:.]+\]$/.test(host))) {
    throw new Error('eventsCalendarPlugin: imageHosts must be host names or addresses, without scheme, port or path')
  }
  const defaultLanguage =
    config.localization && languages.includes(config.localization.defaultLocale)
      ? config.localization.defaultLocale
      : languages[0]!
  return {
    apiRoute: (config.routes?.api ?? '/api').replace(/\/+$/, ''),
    clock: options.clock ?? (() => new Date()),
    defaultLanguage,
    defaultPerPage,
    disabled: options.disabled ?? false,
    imageHosts,
    languages,
    maxPerPage,
    mediaCollection: options.mediaCollection ?? 'media',
    namespace,
    overrides: options.overrides ?? {},
    restRoot,
    scheduledPublication: {
      autoRun: options.scheduledPublication?.autoRun ?? false,
      cron: options.scheduledPublication?.cron ?? '* * * * *',
    },
    siteTimezone,
    siteUrl: (options.siteUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
    usersCollection: options.usersCollection ?? 'users',
  }
}

/** A path option without its outer slashes; refused when empty or with empty, `.` or `..` segments. */
function pathOption(name: string, value: string): string {
  const trimmed = value.replace(/^\/+|\/+$/g, '')
  const segments = trimmed.split('/')
  if (!trimmed || segments.some((segment) => !segment || segment === '.' || segment === '..' || /[?#\s]/.test(segment))) {
    throw new Error(`eventsCalendarPlugin: ${name} "${value}" is not a URL path`)
  }
  return trimmed
}
