import type { Reporter, TestModule } from 'vitest/node'

import fs from 'node:fs'

import { DURATIONS_FILE, durationKey, readDurations } from './longestFirst'

/** How many files the list at the end of a run names. */
const SHOWN = 10

/**
 * After the run's report, its slowest test files: each file's own time (setup, import and tests),
 * with its tier, so that a file growing slow is seen where the run's time goes. With
 * `RECORD_DURATIONS=1` the run's times are also written into test/durations.json, from which the
 * next runs start the longest files first (test/helpers/longestFirst.ts).
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const timed = testModules.map((module) => {
      const { collectDuration, duration, prepareDuration, setupDuration } = module.diagnostic()
      return { ms: prepareDuration + setupDuration + collectDuration + duration, module }
    })
    if (process.env.RECORD_DURATIONS) recordDurations(timed)
    if (timed.length < 2) return
    timed.sort((a, b) => b.ms - a.ms)
    const lines = timed
      .slice(0, SHOWN)
      .map(
        ({ ms, module }) =>
          `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${module.project.name.padEnd(8)} ${module.relativeModuleId}`,
      )
    console.log(`\nThe ${Math.min(SHOWN, timed.length)} slowest test files:\n${lines.join('\n')}\n`)
  }
}

/** The files of this run with their times, the others' as they were, in the order of their names. */
function recordDurations(timed: { ms: number; module: TestModule }[]) {
  const durations = readDurations()
  for (const { ms, module } of timed) {
    if (module.state() !== 'passed') continue
    durations[durationKey(module.project.name, module.project.config.root, module.moduleId)] =
      Math.round(ms / 100) / 10
  }
  const sorted = Object.fromEntries(
    Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)),
  )
  fs.writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`)
}
