import os from 'node:os'

/*
 * Memory and planner settings for the embedded Postgres of a real site (`embeddedPostgres.ts`;
 * never applied to a server named by `DATABASE_URL`, whose operator sets its own), sized from the
 * memory this process may use: the machine's, or its container's limit when it has one.
 *
 * Postgres's own defaults are sized for a machine of 2005 (128 MB of shared buffers, 4 MB per
 * sort, a 4 GB cache assumed): at 100,000 events (1.5 GB of data) a first read of an event missed
 * the buffers for about a tenth of its pages (bench/RESULTS.md, issue 17, fourth pass). The usual
 * production rules, capped so that the app beside it keeps its share:
 * - shared_buffers: a quarter of memory, at most 4 GB (the OS page cache holds the rest of the data);
 * - effective_cache_size: half of memory (a planner estimate only: nothing is allocated);
 * - work_mem: memory / 400 (100 connections, a few sorts each), between 4 and 32 MB;
 * - maintenance_work_mem (migrations' index builds): memory / 32, between 64 and 512 MB;
 * - jit off: compiling a query costs tens of milliseconds, paid by any statement the planner
 *   estimates above `jit_above_cost` (a count over many rows); the API's statements are short.
 * - no parallel workers for a query (`max_parallel_workers_per_gather` 0): starting and stopping
 *   them, which a page of a list the planner takes for large pays on every request, costs more
 *   wall time than they save on a statement of a few milliseconds, and the site's requests
 *   already keep every core busy; index builds keep their own (`max_parallel_maintenance_workers`).
 */

const MB = 2 ** 20
const GB = 2 ** 30

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value))

/** The memory this process may use: the machine's, or less under a container's (cgroup) limit. */
export function availableMemory(): number {
  const total = os.totalmem()
  const constrained = (
    process as { constrainedMemory?: () => number | undefined }
  ).constrainedMemory?.()
  return constrained && constrained > 0 && constrained < total ? constrained : total
}

/** The settings above for `memory` bytes, as `name → value` in Postgres's units. */
export function productionPostgresSettings(memory = availableMemory()): Record<string, string> {
  const mb = (bytes: number) => `${Math.floor(bytes / MB)}MB`
  return {
    shared_buffers: mb(clamp(memory / 4, 128 * MB, 4 * GB)),
    effective_cache_size: mb(clamp(memory / 2, 256 * MB, Infinity)),
    work_mem: mb(clamp(memory / 400, 4 * MB, 32 * MB)),
    maintenance_work_mem: mb(clamp(memory / 32, 64 * MB, 512 * MB)),
    jit: 'off',
    max_parallel_workers_per_gather: '0',
  }
}

/** `productionPostgresSettings` as command-line flags of `postgres` (`-c name=value`). */
export function productionPostgresFlags(memory = availableMemory()): string[] {
  return Object.entries(productionPostgresSettings(memory)).flatMap(([name, value]) => [
    '-c',
    `${name}=${value}`,
  ])
}
