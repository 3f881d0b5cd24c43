import type { RegionLimits } from './region'

/**
 * The regions of what visitors' reads keep, whose limits a site may set (the plugin's
 * `cache.limits`): whole answers and rendered feeds, bounded by their bytes too; every other kind
 * kept (events, venues and terms by language, totals, term counts…) is a region of `reads` limits.
 */
export type KeptRegionName = 'answers' | 'feeds' | 'reads'

/** Room for thousands of answers and feeds (a feed holds at most MAX_FEED_EVENTS events), in memory a server can spare. */
export const DEFAULT_KEPT_LIMITS: Record<KeptRegionName, RegionLimits> = {
  answers: { maxBytes: 64 * 1024 * 1024, maxEntries: 20_000 },
  feeds: { maxBytes: 32 * 1024 * 1024, maxEntries: 1_000 },
  reads: { maxEntries: 5_000 },
}

/** The limits of the region that keeps `kind`. */
export function limitsOfKind(
  limits: Record<KeptRegionName, RegionLimits>,
  kind: string,
): RegionLimits {
  return kind === 'answers' || kind === 'feeds' ? limits[kind] : limits.reads
}
