import type { Reporter, TestModule } from 'vitest/node'

import fs from 'node:fs'

/**
 * With `TEST_TIMELINE=<file>`, each test file's tier, when it was queued to a worker, when its
 * tests began and when it ended (seconds since the run began), one JSON line a file: the run's
 * timeline, to see which phases leave a core idle (docs/testing.md, "The run's timeline").
 */
export default class Timeline implements Reporter {
  private readonly file = process.env.TEST_TIMELINE
  private readonly began = performance.now()
  private readonly queued = new Map<string, number>()
  private readonly started = new Map<string, number>()

  private now = () => Math.round(performance.now() - this.began) / 1000

  onTestModuleQueued(module: TestModule) {
    this.queued.set(module.id, this.now())
  }

  onTestModuleStart(module: TestModule) {
    this.started.set(module.id, this.now())
  }

  onTestModuleEnd(module: TestModule) {
    if (!this.file) return
    const line = {
      end: this.now(),
      file: module.relativeModuleId,
      queued: this.queued.get(module.id),
      start: this.started.get(module.id),
      state: module.state(),
      tier: module.project.name,
    }
    fs.appendFileSync(this.file, `${JSON.stringify(line)}\n`)
  }
}
