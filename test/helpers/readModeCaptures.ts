import type { Capture } from './replay'

/**
 * The captures a replay sends in both read modes (`readModes.ts`): the reads of events, venues and
 * organizers, lists and single items with their errors, whose answers the SQL path makes. The
 * others (the index, terms, writes) read nothing in the plugin's own SQL and run once.
 */
export const readsCalendarPosts = (capture: Capture) =>
  capture.request.method === 'GET' &&
  /\/v1\/(events|venues|organizers)(\/|$)/.test(capture.request.path)
