/**
 * Times the horizon job (src/jobs/extendRecurrences.ts) over the whole calendar, as its daily run
 * a day later does: `node --import tsx bench/recurrenceJob.ts <result.json>` with DATABASE_URL set.
 * Writes how many series it extended, how many occurrences it added, how long it took and the
 * CPU its own process used (Postgres's is apart).
 */
import fs from 'node:fs/promises'

import { extendRecurrences } from '../src/jobs/extendRecurrences'

const DAY = 86_400_000

async function main(out: string) {
  const { bootPayload } = await import('../src/server/db/boot')
  const payload = await bootPayload()
  const started = performance.now()
  const cpu = process.cpuUsage()
  const result = await extendRecurrences({
    collection: 'events',
    horizonMonths: 24,
    now: new Date(Date.now() + DAY),
    payload,
  })
  const ms = Math.round(performance.now() - started)
  const used = process.cpuUsage(cpu)
  const cpuMs = Math.round((used.user + used.system) / 1000)
  await fs.writeFile(out, JSON.stringify({ ...result, cpuMs, ms }))
}

if (process.argv[1]?.endsWith('recurrenceJob.ts')) {
  // Keeps the process alive while modules load (as bench/seed.ts does).
  setInterval(() => undefined, 1000)
  main(process.argv[2]!).then(
    () => process.exit(0),
    (error) => {
      console.error(error)
      process.exit(1)
    },
  )
}
