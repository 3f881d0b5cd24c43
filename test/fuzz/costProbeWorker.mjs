// The other client of the cost fuzzer (`costProbe.ts`), in a thread of its own: the fuzzer's main
// thread builds 840 KB bodies and reads megabytes of answers while an attack runs, and a probe on
// that thread would measure its own waiting, not the server's. Plain JavaScript, so that the
// thread needs no TypeScript loader (under vitest or `node --import`, alike).
import { parentPort, workerData } from 'node:worker_threads'
import { performance } from 'node:perf_hooks'
import { Agent } from 'undici'

/** @type {{ base: string; intervalMs: number; localAddress: string; paths: string[]; timeoutMs: number }} */
const { base, intervalMs, localAddress, paths, timeoutMs } = workerData
// Its own address: the server's per-client limit counts the attacker's requests, not these.
const agent = new Agent({ localAddress, headersTimeout: timeoutMs, bodyTimeout: timeoutMs })
let running = true
parentPort.on('message', (message) => {
  if (message === 'stop') running = false
})

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** One path asked again and again, one request at a time, a new one ~intervalMs after the last began. */
async function probe(path) {
  while (running) {
    const start = Date.now()
    const began = performance.now()
    let status = 0
    let retryAfter = false
    let error
    try {
      // A new connection each time, as a new visitor's: a kept-alive one that the server closes as
      // idle just as a request is sent on it would fail for the client's reasons, not the server's.
      const response = await agent.request({
        origin: base,
        path,
        method: 'GET',
        reset: true,
        signal: AbortSignal.timeout(timeoutMs),
      })
      status = response.statusCode
      retryAfter = response.headers['retry-after'] !== undefined
      await response.body.dump()
    } catch (caught) {
      error = caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught)
    }
    const ms = performance.now() - began
    parentPort.postMessage({ end: start + ms, error, ms, path, retryAfter, start, status })
    await sleep(Math.max(0, intervalMs - ms))
  }
}

await Promise.all(paths.map(probe))
await agent.close()
parentPort.postMessage('stopped')
