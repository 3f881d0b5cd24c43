import { describe, expect, it } from 'vitest'

import { Region } from './region'
import { cacheStats, payloadRegion, processRegion } from './registry'

describe('a cache region', () => {
  it('holds at most maxEntries, dropping the least recently used first, and counts the eviction', () => {
    const region = new Region<string>('test', { maxEntries: 3 })
    for (const key of ['a', 'b', 'c']) region.set(key, key.toUpperCase())
    expect(region.get('a')).toBe('A')
    region.set('d', 'D')
    expect(region.has('b')).toBe(false)
    expect(['a', 'c', 'd'].map((key) => region.has(key))).toEqual([true, true, true])
    expect(region.stats()).toMatchObject({ entries: 3, evictions: 1, maxEntries: 3 })
  })

  it('holds at most maxBytes of the sizes given, dropping the least recently used first', () => {
    const region = new Region<string>('test', { maxBytes: 1_000, maxEntries: 100 })
    region.set('a', 'first', 400)
    region.set('b', 'second', 400)
    region.get('a')
    region.set('c', 'third', 400)
    expect(region.has('b')).toBe(false)
    expect(region.has('a') && region.has('c')).toBe(true)
    expect(region.stats()).toMatchObject({ bytes: 800, entries: 2, evictions: 1, maxBytes: 1_000 })
  })

  it('does not keep a value larger than maxBytes', () => {
    const region = new Region<string>('test', { maxBytes: 100, maxEntries: 10 })
    region.set('small', 'kept', 50)
    region.set('large', 'not kept', 101)
    expect([region.has('small'), region.has('large')]).toEqual([true, false])
  })

  it('`has` does not make an entry recent; `get` does', () => {
    const region = new Region<number>('test', { maxEntries: 2 })
    region.set('a', 1)
    region.set('b', 2)
    region.has('a')
    region.set('c', 3)
    expect(region.has('a')).toBe(false)
    region.get('b')
    region.set('d', 4)
    expect([region.has('b'), region.has('c')]).toEqual([true, false])
  })

  it('counts hits and misses; a kept null is a hit, `undefined` forgets the key', () => {
    const region = new Region<null | string>('test', { maxEntries: 10 })
    expect(region.get('a')).toBeUndefined()
    region.set('a', null)
    expect(region.has('a')).toBe(true)
    expect(region.get('a')).toBeNull()
    region.set('a', undefined as never)
    expect(region.has('a')).toBe(false)
    expect(region.remember('b', () => 'made')).toBe('made')
    expect(region.remember('b', () => 'made again')).toBe('made')
    expect(region.stats()).toMatchObject({ hits: 2, misses: 2 })
  })

  it('clear drops everything without counting evictions', () => {
    const region = new Region<number>('test', { maxEntries: 10 })
    region.set('a', 1)
    region.clear()
    expect(region.stats()).toMatchObject({ entries: 0, evictions: 0 })
  })

  it('cacheStats lists the process regions and those of one Payload instance', () => {
    processRegion<number>('spec-process', { maxEntries: 1 }).set('a', 1)
    const owner = {}
    payloadRegion<number>(owner, 'spec-payload', { maxEntries: 1 }).get('a')
    expect(payloadRegion(owner, 'spec-payload', { maxEntries: 5 }).limits.maxEntries).toBe(1)
    const stats = cacheStats(owner)
    expect(stats.process.find((region) => region.name === 'spec-process')).toMatchObject({
      entries: 1,
    })
    expect(stats.payload).toEqual([
      { name: 'spec-payload', entries: 0, maxEntries: 1, hits: 0, misses: 1, evictions: 0 },
    ])
    expect(cacheStats().payload).toEqual([])
  })
})
