import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ATTACKS } from '../fuzz/costAttacks'
import { formatStep, runCostAttacks } from '../fuzz/costRun'
import { type CostTarget, startCostTarget } from '../fuzz/costTarget'
import { migratedDatabase } from '../helpers/workerDatabase'

/**
 * A slice of the cost fuzzer (`npm run fuzz -- --cost`, `test/fuzz/cost.ts`), at the sizes of issue
 * 25, against the real server process with a smaller calendar: one request of each kind that froze
 * the server or held Postgres for minutes, and the parallel ones. The server runs in its own
 * process and the other client in a thread of its own (`test/fuzz/costProbeWorker.mjs`), so that
 * the latency measured is the server's.
 */
const SLICE: Record<string, string[]> = {
  'date-body': ['840 KB', '840 KB ×2'],
  'where-joins': ['200 clauses', '30 clauses ×12'],
  'categories-list': ['70,000 ids'],
  feeds: ['wide ×8'],
  'description-spaces': ['60,000 spaces'],
  'next-bypass': ['×8'],
  graphql: ['10 aliases'],
}

describe('the cost fuzzer, a slice at the issue’s sizes', () => {
  const database = migratedDatabase('cost')
  let target: CostTarget

  beforeAll(async () => {
    await database.create()
    target = await startCostTarget({
      databaseUrl: database.url,
      events: 500,
      imageSize: 0,
      log: () => undefined,
    })
  }, 300_000)

  afterAll(async () => {
    await target?.stop()
    await database.drop()
  }, 60_000)

  it('serves another client within 500 ms and answers no 5xx while one client sends long dates, many joins, long lists, parallel feeds and quadratic texts', async () => {
    const results = await runCostAttacks(
      target,
      ATTACKS.filter((attack) => attack.name in SLICE),
      {
        allSizes: true,
        chosen: (attack, step) => SLICE[attack.name]!.includes(step.size),
        log: () => undefined,
        thresholdMs: 500,
        timeoutMs: 20_000,
      },
    )
    expect(results.filter((result) => result.failures.length).map(formatStep)).toEqual([])
    expect(results.map((result) => `${result.attack} ${result.size}`)).toEqual([
      '(none) quiet',
      ...Object.entries(SLICE).flatMap(([attack, sizes]) =>
        sizes.map((size) => `${attack} ${size}`),
      ),
    ])
  }, 600_000)
})
