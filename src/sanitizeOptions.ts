import type { Config } from 'payload'

import type { EventsCalendarPluginConfig, SanitizedPluginConfig } from './types'

import { DEFAULT_KEPT_LIMITS, type KeptRegionName } from './calendar/cache/limits'
import type { RegionLimits } from './calendar/cache/region'
import { isValidTimeZone } from './lib/timezone'
import { DEFAULT_HORIZON_MONTHS } from './recurrence/index'

export function sanitizeOptions(
  options: EventsCalendarPluginConfig,
  config: Pick<Config, 'localization' | 'routes'>,
): SanitizedPluginConfig {
  const configLocales = config.localization
    ? config.localization.locales.map((locale) =>
        typeof locale === 'string' ? locale : locale.code,
      )
    : ['en']
  const languages = options.languages?.length ? options.languages : configLocales
  const unknown = languages.filter((language) => !configLocales.includes(language))
  if (unknown.length) {
    throw new Error(
      `eventsCalendarPlugin: languages ${unknown.join(', ')} are not locales of the Payload config`,
    )
  }
  const siteTimezone = options.siteTimezone ?? 'UTC'
  if (!isValidTimeZone(siteTimezone)) {
    throw new Error(`eventsCalendarPlugin: siteTimezone "${siteTimezone}" is not an IANA timezone`)
  }
  const maxPerPage = options.maxPerPage ?? 50
  const defaultPerPage = Math.min(options.defaultPerPage ?? 10, maxPerPage)
  if (
    !Number.isInteger(maxPerPage) ||
    maxPerPage < 1 ||
    !Number.isInteger(defaultPerPage) ||
    defaultPerPage < 1
  ) {
    throw new Error('eventsCalendarPlugin: maxPerPage and defaultPerPage must be positive integers')
  }
  const namespace = pathOption('namespace', options.namespace ?? 'vendor/events/v1')
  const restRoot = pathOption('restRoot', options.restRoot ?? 'wp-json')
  // `/fr/…` is a language root: a REST root starting with a language could be read both ways.
  if (languages.includes(restRoot.split('/')[0]!)) {
    throw new Error(`eventsCalendarPlugin: restRoot "${restRoot}" starts with a language code`)
  }
  const imageHosts = hostsOption('imageHosts', options.imageHosts)
  const calendarSourceHosts = hostsOption('calendarSourceHosts', options.calendarSourceHosts)
  const defaultLanguage =
    config.localization && languages.includes(config.localization.defaultLocale)
      ? config.localization.defaultLocale
      : languages[0]!
  const siteUrl = (options.siteUrl ?? 'http://localhost:3000').replace(/\/+$/, '')
  return {
    apiRoute: (config.routes?.api ?? '/api').replace(/\/+$/, ''),
    cache: cacheOptions(options.cache),
    clock: options.clock ?? (() => new Date()),
    defaultLanguage,
    defaultPerPage,
    disabled: options.disabled ?? false,
    geocoding: geocodingOptions(options.geocoding, siteUrl),
    imageHosts,
    calendarSourceHosts,
    cdn: cdnOptions(options.cdn),
    languages,
    mapTiles: mapTilesOptions(options.mapTiles),
    maxPerPage,
    mediaCollection: options.mediaCollection ?? 'media',
    namespace,
    overrides: options.overrides ?? {},
    passwordGuard: passwordGuardOptions(options.passwordGuard),
    reads: readsOptions(options.reads),
    recurrence: recurrenceOptions(options.recurrence),
    restRoot,
    revisions: revisionsOptions(options.revisions),
    scheduledPublication: {
      autoRun: options.scheduledPublication?.autoRun ?? false,
      cron: options.scheduledPublication?.cron ?? '* * * * *',
    },
    siteTimezone,
    siteUrl,
    usersCollection: options.usersCollection ?? 'users',
    webhooks: webhooksOptions(options.webhooks),
  }
}

/** The shared cache's lifetimes and purge, or null when the site has none in front. */
function cdnOptions(given: EventsCalendarPluginConfig['cdn']): SanitizedPluginConfig['cdn'] {
  if (given === undefined) return null
  const seconds = (name: string, value: unknown, least: number) => {
    if (!Number.isInteger(value) || (value as number) < least || (value as number) > 31_536_000)
      throw new Error(
        `eventsCalendarPlugin: cdn.${name} must be a whole number of seconds from ${least} to 31536000`,
      )
    return value as number
  }
  if (given.purge !== undefined && typeof given.purge !== 'function')
    throw new Error('eventsCalendarPlugin: cdn.purge must be a function')
  return {
    maxAge: seconds('maxAge', given.maxAge, 1),
    purge: given.purge ?? null,
    staleWhileRevalidate: seconds('staleWhileRevalidate', given.staleWhileRevalidate ?? 0, 0),
  }
}

/** An absolute http(s) URL, or an error naming the option. */
function httpUrlOption(name: string, value: unknown): string {
  let url: URL | undefined
  try {
    url = typeof value === 'string' ? new URL(value) : undefined
  } catch {
    url = undefined
  }
  if (!url || !/^https?:$/.test(url.protocol) || (value as string).length > 2000)
    throw new Error(`eventsCalendarPlugin: ${name} must be an absolute http(s) URL`)
  return value as string
}

/** A whole number from `least` to `most`, or an error naming the option. */
function wholeNumberOption(name: string, value: unknown, least: number, most: number): number {
  if (!Number.isInteger(value) || (value as number) < least || (value as number) > most)
    throw new Error(`eventsCalendarPlugin: ${name} must be a whole number from ${least} to ${most}`)
  return value as number
}

/** A short single-line text, or an error naming the option. */
function lineOption(name: string, value: unknown, most: number): string {
  if (typeof value !== 'string' || value.length > most || /[\r\n]/.test(value))
    throw new Error(`eventsCalendarPlugin: ${name} must be one line of at most ${most} characters`)
  return value
}

/** The geocoder of venues' addresses, or null when none is configured (nothing is ever sent). */
function geocodingOptions(
  given: EventsCalendarPluginConfig['geocoding'],
  siteUrl: string,
): SanitizedPluginConfig['geocoding'] {
  if (given === undefined || given === null) return null
  return {
    minIntervalMs: wholeNumberOption(
      'geocoding.minIntervalMs',
      given.minIntervalMs ?? 1000,
      0,
      60_000,
    ),
    timeoutMs: wholeNumberOption('geocoding.timeoutMs', given.timeoutMs ?? 5000, 100, 30_000),
    url: httpUrlOption('geocoding.url', given.url),
    userAgent: lineOption(
      'geocoding.userAgent',
      given.userAgent ?? `payload-events-calendar (${siteUrl})`,
      300,
    ),
  }
}

/** The venue map's tile server, or null when none is configured (no map, no tile requests). */
function mapTilesOptions(
  given: EventsCalendarPluginConfig['mapTiles'],
): SanitizedPluginConfig['mapTiles'] {
  if (given === undefined || given === null) return null
  // The template is a URL once its placeholders are filled.
  httpUrlOption('mapTiles.url', given.url?.replace(/\{[sxyz]\}/g, '0'))
  if (!['{z}', '{x}', '{y}'].every((part) => given.url.includes(part)))
    throw new Error('eventsCalendarPlugin: mapTiles.url must contain {z}, {x} and {y}')
  return {
    attribution: lineOption('mapTiles.attribution', given.attribution ?? '', 500),
    maxZoom: wholeNumberOption('mapTiles.maxZoom', given.maxZoom ?? 19, 1, 22),
    url: given.url,
  }
}

function webhooksOptions(
  given: EventsCalendarPluginConfig['webhooks'] = {},
): SanitizedPluginConfig['webhooks'] {
  if (given.enabled !== undefined && typeof given.enabled !== 'boolean')
    throw new Error('eventsCalendarPlugin: webhooks.enabled must be true or false')
  const bounded = (name: string, value: unknown, most: number) => {
    if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > most)
      throw new Error(
        `eventsCalendarPlugin: webhooks.${name} must be a whole number from 1 to ${most}`,
      )
    return value as number
  }
  return {
    allowedHosts: hostsOption('webhooks.allowedHosts', given.allowedHosts),
    enabled: given.enabled ?? true,
    maxResponseBytes: bounded('maxResponseBytes', given.maxResponseBytes ?? 65_536, 1_048_576),
    timeoutMs: bounded('timeoutMs', given.timeoutMs ?? 10_000, 60_000),
  }
}

/** A path option without its outer slashes; refused when empty or with empty, `.` or `..` segments. */
function pathOption(name: string, value: string): string {
  const trimmed = value.replace(/^\/+|\/+$/g, '')
  const segments = trimmed.split('/')
  if (
    !trimmed ||
    segments.some(
      (segment) => !segment || segment === '.' || segment === '..' || /[?#\s]/.test(segment),
    )
  ) {
    throw new Error(`eventsCalendarPlugin: ${name} "${value}" is not a URL path`)
  }
  return trimmed
}

/** How events are read: in the plugin's own SQL where it applies (the default), or always through Payload. */
function readsOptions(
  reads: EventsCalendarPluginConfig['reads'] = {},
): SanitizedPluginConfig['reads'] {
  if (reads.sql !== undefined && typeof reads.sql !== 'boolean')
    throw new Error('eventsCalendarPlugin: reads.sql must be true or false')
  if (reads.heavyTurn !== undefined && typeof reads.heavyTurn !== 'function')
    throw new Error('eventsCalendarPlugin: reads.heavyTurn must be a function')
  return { heavyTurn: reads.heavyTurn ?? null, sql: reads.sql ?? true }
}

/** The cache's switches and each region's limits, the defaults where a limit is not given. */
function cacheOptions(
  cache: EventsCalendarPluginConfig['cache'] = {},
): SanitizedPluginConfig['cache'] {
  const given = (cache.limits ?? {}) as Partial<
    Record<string, { maxBytes?: unknown; maxEntries?: unknown }>
  >
  const unknown = Object.keys(given).filter((name) => !(name in DEFAULT_KEPT_LIMITS))
  if (unknown.length)
    throw new Error(
      `eventsCalendarPlugin: cache.limits has no region ${unknown.join(', ')} (only answers, feeds, reads)`,
    )
  const limits = Object.fromEntries(
    (Object.keys(DEFAULT_KEPT_LIMITS) as KeptRegionName[]).map((name) => {
      const defaults = DEFAULT_KEPT_LIMITS[name]
      const { maxBytes = defaults.maxBytes, maxEntries = defaults.maxEntries } = given[name] ?? {}
      const positive = (value: unknown) =>
        value === undefined || (Number.isInteger(value) && (value as number) >= 1)
      if (
        !positive(maxEntries) ||
        !positive(maxBytes) ||
        (maxBytes !== undefined && !defaults.maxBytes)
      ) {
        throw new Error(
          `eventsCalendarPlugin: cache.limits.${name} takes ${defaults.maxBytes ? 'maxEntries and maxBytes' : 'maxEntries'} as positive integers`,
        )
      }
      return [name, { maxEntries, ...(maxBytes === undefined ? {} : { maxBytes }) } as RegionLimits]
    }),
  ) as Record<KeptRegionName, RegionLimits>
  for (const flag of ['keepReads', 'keepAnswers'] as const) {
    if (cache[flag] !== undefined && typeof cache[flag] !== 'boolean')
      throw new Error(`eventsCalendarPlugin: cache.${flag} must be true or false`)
  }
  return { keepAnswers: cache.keepAnswers ?? true, keepReads: cache.keepReads ?? true, limits }
}

/** The most months ahead a series may be stored: ten years, as far as any calendar shows. */
const MAX_HORIZON_MONTHS = 120

function recurrenceOptions(
  given: EventsCalendarPluginConfig['recurrence'] = {},
): SanitizedPluginConfig['recurrence'] {
  return {
    horizonMonths: wholeNumberOption(
      'recurrence.horizonMonths',
      given.horizonMonths ?? DEFAULT_HORIZON_MONTHS,
      1,
      MAX_HORIZON_MONTHS,
    ),
  }
}

/** Revisions kept per item when the site says nothing: a few weeks of daily edits. */
const DEFAULT_REVISIONS_PER_ITEM = 25
/** The most revisions kept per item: each save reads past them to delete the oldest. */
const MAX_REVISIONS_PER_ITEM = 1_000

function revisionsOptions(
  given: EventsCalendarPluginConfig['revisions'] = {},
): SanitizedPluginConfig['revisions'] {
  return {
    maxPerDoc: wholeNumberOption(
      'revisions.maxPerDoc',
      given.maxPerDoc ?? DEFAULT_REVISIONS_PER_ITEM,
      1,
      MAX_REVISIONS_PER_ITEM,
    ),
  }
}

const PASSWORD_GUARD_DEFAULTS: SanitizedPluginConfig['passwordGuard'] = {
  accountFreeTries: 5,
  addressFreeTries: 20,
  firstDelayMs: 1_000,
  forgetAfterMs: 60 * 60_000,
  maxDelayMs: 60_000,
  maxHoldMs: 10_000,
}

/** The guard's numbers, the defaults where not given: whole numbers, the delays and the forgetting at least 1 ms. */
function passwordGuardOptions(
  given: EventsCalendarPluginConfig['passwordGuard'] = {},
): SanitizedPluginConfig['passwordGuard'] {
  const guard = {
    ...PASSWORD_GUARD_DEFAULTS,
    ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)),
  }
  for (const [name, value] of Object.entries(guard)) {
    const least =
      name === 'firstDelayMs' || name === 'maxDelayMs' || name === 'forgetAfterMs' ? 1 : 0
    if (
      !(name in PASSWORD_GUARD_DEFAULTS) ||
      !Number.isInteger(value) ||
      (value as number) < least
    ) {
      throw new Error(
        `eventsCalendarPlugin: passwordGuard.${name} must be a whole number of at least ${least}`,
      )
    }
  }
  return guard
}

/** Host names or addresses (IPv6 in brackets), lower-cased; refused with a scheme, a port or a path. */
function hostsOption(name: string, given: string[] | undefined): string[] {
  const hosts = (given ?? []).map((host) => String(host).trim().toLowerCase())
  if (hosts.some((host) => !host || (/[/:\s@]/.test(host) && !/^\[[0-9a-f:.]+\]$/.test(host)))) {
    throw new Error(
      `eventsCalendarPlugin: ${name} must be host names or addresses, without scheme, port or path`,
    )
  }
  return hosts
}
