import { LRUCache } from 'lru-cache'

/** A region's bounds: entries, and where the values have sizes, their total size in bytes. */
export type RegionLimits = { maxBytes?: number; maxEntries: number }

/** What a region holds and how it has done since it was made. */
export type RegionStats = {
  bytes?: number
  entries: number
  /** Entries dropped to stay within the limits (not those dropped when what they say may have changed). */
  evictions: number
  hits: number
  maxBytes?: number
  maxEntries: number
  misses: number
  name: string
}

/** `null` is a value worth keeping (an item the caller may not read); the library takes no nullish values. */
const NULL = Symbol('null')
type Stored<V> = NonNullable<V> | typeof NULL

/**
 * A named store of values, bounded by its limits, the least recently used dropped first
 * (`lru-cache`). Every cache of the plugin is one (docs/caching.md lists them), so that each has
 * bounds and counts and they all drop entries the same way. Reading with `has` does not make an
 * entry recent; `get` does. A value given a `size` counts that many bytes towards `maxBytes`; a
 * value larger than `maxBytes` is not kept.
 */
export class Region<V> {
  private readonly entries: LRUCache<string, Stored<V>>
  private evictions = 0
  private hits = 0
  private misses = 0

  constructor(
    readonly name: string,
    readonly limits: RegionLimits,
    /** Told of each entry dropped to stay within the limits. */
    onEvict?: (key: string) => void,
  ) {
    this.entries = new LRUCache<string, Stored<V>>({
      max: limits.maxEntries,
      ...(limits.maxBytes ? { maxSize: limits.maxBytes, sizeCalculation: () => 1 } : {}),
      dispose: (_value, key, reason) => {
        if (reason !== 'evict') return
        this.evictions++
        onEvict?.(key)
      },
    })
  }

  get(key: string): undefined | V {
    const stored = this.entries.get(key)
    if (stored === undefined) {
      this.misses++
      return undefined
    }
    this.hits++
    return (stored === NULL ? null : stored) as V
  }

  has(key: string): boolean {
    return this.entries.has(key)
  }

  /** Keeps `value` (`undefined` forgets the key); `size` in bytes where the region has `maxBytes`. */
  set(key: string, value: V, size?: number): void {
    if (value === undefined) {
      this.entries.delete(key)
      return
    }
    const stored = (value === null ? NULL : value) as Stored<V>
    this.entries.set(
      key,
      stored,
      size === undefined || !this.limits.maxBytes
        ? undefined
        : { size: Math.max(1, Math.ceil(size)) },
    )
  }

  delete(key: string): void {
    this.entries.delete(key)
  }

  /** Drops everything: what it says may have changed (not counted as evictions). */
  clear(): void {
    this.entries.clear()
  }

  /** The value for `key`, computed by `make` and kept when not kept already. */
  remember(key: string, make: () => V): V {
    const known = this.get(key)
    if (known !== undefined) return known
    const value = make()
    this.set(key, value)
    return value
  }

  stats(): RegionStats {
    const { maxBytes, maxEntries } = this.limits
    return {
      name: this.name,
      entries: this.entries.size,
      ...(maxBytes ? { bytes: this.entries.calculatedSize, maxBytes } : {}),
      maxEntries,
      hits: this.hits,
      misses: this.misses,
      evictions: this.evictions,
    }
  }
}
