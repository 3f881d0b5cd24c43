/**
 * One check shared by the callers that arrive together, each given the result of a run that
 * began after it called: a caller that finds no run going starts one; one that finds a run going
 * (begun, perhaps, before it called) waits for the next run, which starts as soon as that one
 * ends and serves every caller that arrived meanwhile. At most one run goes at a time, so a
 * check asked by many concurrent requests costs about one run per run's duration, not one per
 * request, and each request still learns what was true after it arrived.
 */
export function checkAfterArrival<T>(run: () => Promise<T>): () => Promise<T> {
  let running: null | Promise<T> = null
  let queued: null | { promise: Promise<T>; start: () => void } = null

  const begin = (): Promise<T> => {
    const current = new Promise<T>((resolve) => resolve(run()))
    running = current
    const settle = () => {
      if (running !== current) return
      running = null
      const next = queued
      queued = null
      next?.start()
    }
    current.then(settle, settle)
    return current
  }

  return () => {
    if (!running) return begin()
    if (!queued) {
      let start!: () => void
      const promise = new Promise<T>((resolve, reject) => {
        start = () => begin().then(resolve, reject)
      })
      queued = { promise, start }
    }
    return queued.promise
  }
}
