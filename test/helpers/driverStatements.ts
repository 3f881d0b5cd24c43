import pg from 'pg'

/**
 * Calls `onStatement` for every statement a `pg` connection is asked to run (every pooled
 * connection's `query` ends in the driver's), with how many statements that connection had not
 * answered yet. Returns how to stop watching.
 */
export function watchDriverStatements(
  onStatement: (text: string, unanswered: number) => void,
): () => void {
  const query = pg.Client.prototype.query
  const inFlight = new WeakMap<object, number>()
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as { text?: string } | string
    const busy = inFlight.get(this) ?? 0
    onStatement(typeof first === 'string' ? first : String(first?.text ?? ''), busy)
    const result = (query as (...args: unknown[]) => unknown).apply(this, args)
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      inFlight.set(this, busy + 1)
      const done = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1)
      ;(result as Promise<unknown>).then(done, done)
    }
    return result
  } as never
  return () => {
    pg.Client.prototype.query = query
  }
}
