/** The bounds issue 26 sets on a series, so that one event cannot flood the occurrence table. */

/** The largest `COUNT` a rule may have. */
export const MAX_COUNT = 1000

/** The most occurrences a series may have up to the horizon. */
export const MAX_OCCURRENCES = 2000

/** How far ahead occurrences are materialised unless the site says otherwise (the original: 60 months). */
export const DEFAULT_HORIZON_MONTHS = 24

/** The most extra dates, and the most excluded dates, a series may list. */
export const MAX_DATES = 1000

/** The longest RFC 5545 text `parseRecurrence` reads (its lines unfolded or not). */
export const MAX_TEXT_LENGTH = 64_000
