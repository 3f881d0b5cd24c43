/**
 * The order of the events list and the calendar feeds, as the original's (`docs/compatibility.md`,
 * "Order of events"): by the start as a wall time in the event's own timezone, then by post date,
 * then by id. The admin panel's list and calendar sort the same way (collections/Events/hooks/expandStartSort.ts).
 */
export const EVENTS_LIST_SORT = ['startLocal', 'postDate', 'id']
