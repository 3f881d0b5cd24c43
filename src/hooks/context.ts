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

/**
 * Writes that set an event's `costDetails` themselves carry this flag, so that the hook reading
 * them from the cost text (collections/Events/hooks/parseCostDetails.ts) leaves them as given: the
 * compatibility API (which reads a cost by the original's API rules) and the importer (which takes
 * the currency symbol and its side from the source's `cost_details`).
 */
export const COST_DETAILS_GIVEN = 'eventsCalendarCostDetailsGiven'

/**
 * Writes that set an event's `summaryText` themselves carry this flag, so that the hook keeping
 * it (src/hooks/storeSentDescription.ts) leaves it as given, or as stored when they give
 * none: the importer, which reads it from the source's own JSON-LD summary.
 */
export const SUMMARY_TEXT_GIVEN = 'eventsCalendarSummaryTextGiven'

/**
 * Writes that place a venue from its address when the site has a geocoder, as a save through
 * Payload's REST and GraphQL does (collections/Venues/hooks/geocodeOnSave.ts): the compatibility
 * API's, whose venues carry no coordinates of their own. Scripts and imports, which bring their
 * source's coordinates, do not carry it.
 */
export const GEOCODE_ON_SAVE = 'eventsCalendarGeocodeOnSave'

/**
 * Users the importer creates for a source's authors carry this flag, so that the first account's
 * promotion (collections/Users/hooks/makeFirstUserAdministrator.ts) leaves the role the import
 * chose (`roleOf`, src/cli/importer/users.ts): on a site without users yet, the source's first
 * author would otherwise become its administrator, whatever role the source gave them.
 */
export const ROLE_GIVEN = 'eventsCalendarRoleGiven'

export const skipsPluginHooks = (req: PayloadRequest): boolean =>
  req.context?.[INTERNAL_WRITE] === true

/**
 * Reads by the server's own code that applies the password rule itself or needs whole items:
 * the compatibility API (whose serializers blank protected items exactly as the original does,
 * and unlock them for a caller who gives the password), import and export. Nothing outside the
 * server can set a request's context, so no HTTP caller can ask for this.
 */
export const TRUSTED_READ = 'eventsCalendarTrustedRead'

export const isTrustedRead = (req: PayloadRequest): boolean => req.context?.[TRUSTED_READ] === true

/**
 * Whether a caller wrote this operation's query (its `where`, `sort`, page): through Payload's REST
 * API or GraphQL, or through the Local API as a signed-in user under access rules, as the admin
 * panel reads its lists' `where` and `limit` from the page's URL. Not the server's own reads
 * (access overridden, or trusted), which bound what they ask where they are built.
 */
export function isCallersQuery(req: PayloadRequest, args: { overrideAccess?: boolean }): boolean {
  if (req.payloadAPI === 'REST' || req.payloadAPI === 'GraphQL') return true
  return Boolean(req.user) && args.overrideAccess === false && !isTrustedRead(req)
}

/**
 * An event's update made to cancel one of its occurrences (`PATCH /api/events/:id/occurrences/:occurrence`)
 * carries the occurrence's id under this key, so that the webhooks tell it apart from an edit.
 */
export const CANCELLED_OCCURRENCE = 'eventsCalendarCancelledOccurrence'
