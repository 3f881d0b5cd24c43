/** What `Turns.take` answers when the work cannot start: the line is full, or the wait was too long. */
export type NoTurn = 'line-full' | 'waited-too-long'

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
 * giving it back twice gives back one turn.
 */
export class Turns {
  private holding = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly settings: TurnSettings) {}

  take(): Promise<(() => void) | NoTurn> {
    if (this.holding < this.settings.concurrent) {
      this.holding++
      return Promise.resolve(this.giveBack())
    }
    if (this.waiting.length >= this.settings.maxWaiting) return Promise.resolve('line-full')
    return new Promise((resolve) => {
      const turn = () => {
        clearTimeout(timer)
        resolve(this.giveBack())
      }
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(turn), 1)
        resolve('waited-too-long')
      }, this.settings.maxWaitMs)
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
