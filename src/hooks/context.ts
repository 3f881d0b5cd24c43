import type { PayloadRequest } from 'payload'

/**
 * Writes the plugin makes to finish another write (copying a new item's text into the default
 * language) carry this flag, so that the workflow hooks do not run twice on one change.
 */
export const INTERNAL_WRITE = 'eventsCalendarInternalWrite'

/**
 * The compatibility API's writes carry this flag: there, as in The Events Calendar, an end before
 * the start is moved to the start. Every other write (the admin panel, Payload's REST and Local
 * API) is refused with a validation error instead.
 */
export const CLAMP_END_TO_START = 'eventsCalendarClampEndToStart'

export const skipsPluginHooks = (req: PayloadRequest): boolean => req.context?.[INTERNAL_WRITE] === true
