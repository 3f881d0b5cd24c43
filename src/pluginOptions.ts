import type { Config } from 'payload'

import type { SanitizedPluginConfig } from './types'

/*
 * The one home of the plugin's sanitized options once the config is built: `src/plugin.ts` puts
 * them in the config's `custom` under this key, and everything that runs later (endpoints, hooks,
 * the server, the command line) reads them back through `pluginOptionsOf`.
 */
const KEY = 'eventsCalendar'

/** The config's `custom` with the plugin's options in it. */
export function customWithPluginOptions(
  custom: Config['custom'],
  options: SanitizedPluginConfig,
): NonNullable<Config['custom']> {
  return { ...custom, [KEY]: options }
}

/** The sanitized plugin options of this Payload (or `{ config }`); an error when its config does not use the plugin. */
export function pluginOptionsOf(payload: {
  config: Pick<Config, 'custom'>
}): SanitizedPluginConfig {
  const options = payload.config.custom?.[KEY] as SanitizedPluginConfig | undefined
  if (!options)
    throw new Error('payload-events-calendar: the Payload config does not use eventsCalendarPlugin')
  return options
}
