import type { PayloadRequest } from 'payload'

/**
 * Writes the plugin makes to finish another write (copying a new item's text into the default
 * language) carry this flag, so that the workflow hooks do not run twice on one change.
 */
export const INTERNAL_WRITE = 'eventsCalendarInternalWrite'

export const skipsPluginHooks = (req: PayloadRequest): boolean => req.context?.[INTERNAL_WRITE] === true
