import { Region, type RegionLimits, type RegionStats } from './region'

/*
 * Where every region is found, for its counts (`cacheStats`). Regions of values that depend on
 * their key alone (a date's wall time, rendered HTML) are the process's, shared by every Payload
 * in it; regions of what one site's database says are that Payload instance's.
 */

const processRegions = new Map<string, Region<unknown>>()
const payloadRegions = new WeakMap<object, Map<string, Region<unknown>>>()

/** The process's region `name` (made again, empty, when a module that declares it is loaded again). */
export function processRegion<V>(name: string, limits: RegionLimits): Region<V> {
  const region = new Region<V>(name, limits)
  processRegions.set(name, region as Region<unknown>)
  return region
}

/** The region `name` of one Payload instance, made on first use with `limits` (and `onEvict`, see `Region`). */
export function payloadRegion<V>(
  payload: object,
  name: string,
  limits: RegionLimits,
  onEvict?: (key: string) => void,
): Region<V> {
  let regions = payloadRegions.get(payload)
  if (!regions) payloadRegions.set(payload, (regions = new Map()))
  let region = regions.get(name)
  if (!region) regions.set(name, (region = new Region<unknown>(name, limits, onEvict)))
  return region as Region<V>
}

export type CacheStats = {
  /** Regions of this Payload instance: what visitors' reads keep, sign-ins remembered. */
  payload: RegionStats[]
  /** Regions shared by the whole process. */
  process: RegionStats[]
}

/** Every region's size, limits and hit, miss and eviction counts, by name. */
export function cacheStats(payload?: object): CacheStats {
  const byName = (a: RegionStats, b: RegionStats) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0
  return {
    payload: [...(payload ? (payloadRegions.get(payload)?.values() ?? []) : [])]
      .map((region) => region.stats())
      .sort(byName),
    process: [...processRegions.values()].map((region) => region.stats()).sort(byName),
  }
}
