import { describe, expect, it } from 'vitest'

import {
  HEAVY_LIST_REACH,
  HEAVY_SEARCH_REACH,
  inHeavyListTurn,
  isHeavyList,
} from '../../endpoints/events/heavyLists'
import { RestError } from '../../endpoints/errors'
import type { HeavyReadTurn, SanitizedPluginConfig } from '../../src/types'

/** A context whose host gives turns as `heavyTurn` does. */
const withTurns = (heavyTurn: HeavyReadTurn | null) => ({
  options: { reads: { heavyTurn, sql: true } } as SanitizedPluginConfig,
})

describe('heavy events lists (endpoints/events/heavyLists.ts)', () => {
  it('calls a search heavy past its first pages, any other list past the 1,000th event', () => {
    expect(isHeavyList(HEAVY_SEARCH_REACH, true)).toBe(false)
    expect(isHeavyList(HEAVY_SEARCH_REACH + 1, true)).toBe(true)
    expect(isHeavyList(HEAVY_LIST_REACH, false)).toBe(false)
    expect(isHeavyList(HEAVY_LIST_REACH + 1, false)).toBe(true)
  })

  it('reads a heavy list in a turn it gives back, even when the read fails, and a light one at once', async () => {
    const asked: string[] = []
    const turns: HeavyReadTurn = async () => {
      asked.push('take')
      return () => asked.push('give back')
    }
    expect(await inHeavyListTurn(withTurns(turns), false, async () => 'light')).toBe('light')
    expect(asked).toEqual([])
    expect(
      await inHeavyListTurn(withTurns(turns), true, async () => {
        asked.push('read')
        return 'heavy'
      }),
    ).toBe('heavy')
    expect(asked).toEqual(['take', 'read', 'give back'])
    await expect(
      inHeavyListTurn(withTurns(turns), true, async () => {
        throw new Error('statement timeout')
      }),
    ).rejects.toThrow('statement timeout')
    expect(asked.at(-1)).toBe('give back')
    // No turns given by the host: at once.
    expect(await inHeavyListTurn(withTurns(null), true, async () => 'at once')).toBe('at once')
  })

  it("waits with the request's signal, so that a caller who hangs up leaves the line", async () => {
    const hangUp = new AbortController()
    let waitedWith: AbortSignal | undefined
    const turns: HeavyReadTurn = async (signal) => {
      waitedWith = signal
      return () => {}
    }
    await inHeavyListTurn({ ...withTurns(turns), signal: hangUp.signal }, true, async () => null)
    expect(waitedWith).toBe(hangUp.signal)
  })

  it('answers 503 with Retry-After when no turn is given, without reading', async () => {
    let read = false
    const refused = inHeavyListTurn(
      withTurns(async () => 'waited-too-long'),
      true,
      async () => {
        read = true
      },
    )
    const error = await refused.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(RestError)
    expect((error as RestError).toBody()).toMatchObject({
      code: 'rest_heavy_reads_busy',
      data: { status: 503 },
    })
    expect((error as RestError).headers).toEqual({ 'Retry-After': '1' })
    expect(read).toBe(false)
  })
})
