import { describe, expect, it } from 'vitest'

import { checkAfterArrival } from '../../src/calendar/cache/checkAfterArrival'

/** A run that ends when the test says, numbered in the order runs began. */
function controlledRuns() {
  const ends: (() => void)[] = []
  let began = 0
  const run = () => {
    const number = ++began
    return new Promise<number>((resolve) => ends.push(() => resolve(number)))
  }
  return { began: () => began, end: (index: number) => ends[index]!(), run }
}

const settled = () => new Promise((resolve) => setImmediate(resolve))

describe('checkAfterArrival', () => {
  it('gives a caller that arrives during a run the next run, begun after it called', async () => {
    const runs = controlledRuns()
    const check = checkAfterArrival(runs.run)
    const first = check()
    expect(runs.began()).toBe(1)
    const second = check()
    const third = check()
    // The run going may have begun before the second and third callers: they wait for the next.
    expect(runs.began()).toBe(1)
    runs.end(0)
    expect(await first).toBe(1)
    await settled()
    expect(runs.began()).toBe(2)
    runs.end(1)
    expect(await second).toBe(2)
    expect(await third).toBe(2)
  })

  it('starts a run at once when none is going, and keeps at most one going', async () => {
    const runs = controlledRuns()
    const check = checkAfterArrival(runs.run)
    const first = check()
    runs.end(0)
    await first
    await settled()
    const again = check()
    expect(runs.began()).toBe(2)
    runs.end(1)
    expect(await again).toBe(2)
  })

  it('hands a failed run’s error to the callers that waited for it, and runs again after it', async () => {
    let calls = 0
    let fail!: (error: Error) => void
    const check = checkAfterArrival(() => {
      calls++
      return calls === 2
        ? new Promise<number>((_resolve, reject) => (fail = reject))
        : Promise.resolve(calls)
    })
    const first = check()
    const second = check()
    expect(await first).toBe(1)
    await settled()
    fail(new Error('database gone'))
    await expect(second).rejects.toThrow('database gone')
    await settled()
    expect(await check()).toBe(3)
  })
})
