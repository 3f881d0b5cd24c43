/**
 * What `Turns.take` answers when the work cannot start: the line is full, the wait was too long,
 * or the caller gave up while waiting (its signal aborted).
 */
export type NoTurn = 'gave-up' | 'line-full' | 'waited-too-long'

export type TurnSettings = {
  /** How many may hold a turn at once. */
  concurrent: number
  /** How many may wait for one; more are refused at once. */
  maxWaiting: number
  /** How long one waits before it is refused. */
  maxWaitMs: number
}

/**
 * Turns taken in order: at most `concurrent` holders at once, the others waiting first come,
 * first served, within bounds. A turn is given back by calling the function `take` resolves to;
 * giving it back twice gives back one turn. A caller whose `signal` aborts while it waits leaves the
 * line at once, so that clients that hang up do not hold places others need.
 */
export class Turns {
  private holding = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly settings: TurnSettings) {}

  take(signal?: AbortSignal): Promise<(() => void) | NoTurn> {
    if (signal?.aborted) return Promise.resolve('gave-up')
    if (this.holding < this.settings.concurrent) {
      this.holding++
      return Promise.resolve(this.giveBack())
    }
    if (this.waiting.length >= this.settings.maxWaiting) return Promise.resolve('line-full')
    return new Promise((resolve) => {
      const leave = (why: NoTurn) => {
        this.waiting.splice(this.waiting.indexOf(turn), 1)
        clearTimeout(timer)
        signal?.removeEventListener('abort', gaveUp)
        resolve(why)
      }
      const gaveUp = () => leave('gave-up')
      const turn = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', gaveUp)
        resolve(this.giveBack())
      }
      const timer = setTimeout(() => leave('waited-too-long'), this.settings.maxWaitMs)
      signal?.addEventListener('abort', gaveUp, { once: true })
      this.waiting.push(turn)
    })
  }

  /** Holders and waiters now, for tests and diagnostics. */
  get load(): { holding: number; waiting: number } {
    return { holding: this.holding, waiting: this.waiting.length }
  }

  private giveBack(): () => void {
    let given = false
    return () => {
      if (given) return
      given = true
      const next = this.waiting.shift()
      // The turn passes straight to the next in line; the count of holders does not change.
      if (next) next()
      else this.holding--
    }
  }
}
