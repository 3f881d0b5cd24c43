import { Worker } from 'node:worker_threads'

/** One request of the other client: when it began and ended (epoch ms), how long it took, what came back. */
export type ProbeSample = {
  end: number
  error?: string
  ms: number
  path: string
  retryAfter: boolean
  start: number
  status: number
}

export type Probe = {
  /** The samples that overlap [from, to]. */
  during: (from: number, to: number) => ProbeSample[]
  /**
   * Resolves with the time (epoch ms) when every path answered within `thresholdMs` in a request
   * that began after `after`, or null when that did not happen within `maxWaitMs`.
   */
  recovered: (after: number, thresholdMs: number, maxWaitMs: number) => Promise<null | number>
  stop: () => Promise<void>
}

/** What another client sees: `/healthz` and a simple read, asked every ~100 ms from its own address. */
export const PROBE_PATHS = ['/healthz', '/wp-json/vendor/events/v1/events?per_page=1']

/**
 * Starts the other client (`costProbeWorker.mjs`) in its own thread: `paths` of `base`, each asked
 * one request at a time from `localAddress` (another loopback address than the attacker's).
 */
export function startProbe(args: {
  base: string
  intervalMs?: number
  localAddress: string
  paths?: string[]
  timeoutMs: number
}): Probe {
  const samples: ProbeSample[] = []
  const paths = args.paths ?? PROBE_PATHS
  const worker = new Worker(new URL('./costProbeWorker.mjs', import.meta.url), {
    workerData: {
      base: args.base,
      intervalMs: args.intervalMs ?? 100,
      localAddress: args.localAddress,
      paths,
      timeoutMs: args.timeoutMs,
    },
  })
  let stopped: () => void = () => undefined
  const done = new Promise<void>((resolve) => (stopped = resolve))
  worker.on('message', (message: 'stopped' | ProbeSample) => {
    if (message === 'stopped') stopped()
    else samples.push(message)
  })
  worker.on('error', (error) => {
    console.error('[cost] the probe stopped:', error)
    stopped()
  })
  worker.on('exit', () => stopped())

  return {
    during: (from, to) => samples.filter((sample) => sample.start <= to && sample.end >= from),
    recovered: async (after, thresholdMs, maxWaitMs) => {
      const deadline = Date.now() + maxWaitMs
      while (Date.now() < deadline) {
        const fast = paths.map((path) => latestFast(samples, path, after, thresholdMs))
        if (fast.every(Boolean)) return Math.max(...fast.map((sample) => sample!.end))
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      return null
    },
    stop: async () => {
      worker.postMessage('stop')
      const timer = setTimeout(() => void worker.terminate(), args.timeoutMs + 1_000)
      await done
      clearTimeout(timer)
      await worker.terminate()
    },
  }
}

/** A request of `path` that began after `after` and was answered within `thresholdMs`; samples arrive in the order they ended. */
function latestFast(
  samples: ProbeSample[],
  path: string,
  after: number,
  thresholdMs: number,
): ProbeSample | undefined {
  for (let index = samples.length - 1; index >= 0 && samples[index]!.end > after; index--) {
    const sample = samples[index]!
    if (sample.path === path && sample.start > after && sample.ms <= thresholdMs && !sample.error)
      return sample
  }
  return undefined
}
