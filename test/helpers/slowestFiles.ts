import type { Reporter, TestModule } from 'vitest/node'

/** How many files the list at the end of a run names. */
const SHOWN = 10

/**
 * After the run's report, its slowest test files: each file's own time (setup, import and tests),
 * with its tier, so that a file growing slow is seen where the run's time goes.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const timed = testModules.map((module) => {
      const { collectDuration, duration, prepareDuration, setupDuration } = module.diagnostic()
      return { ms: prepareDuration + setupDuration + collectDuration + duration, module }
    })
    if (timed.length < 2) return
    timed.sort((a, b) => b.ms - a.ms)
    const lines = timed.slice(0, SHOWN).map(({ ms, module }) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${module.project.name.padEnd(8)} ${module.relativeModuleId}`)
    console.log(`\nThe ${Math.min(SHOWN, timed.length)} slowest test files:\n${lines.join('\n')}\n`)
  }
}
