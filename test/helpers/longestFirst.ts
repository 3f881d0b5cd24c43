import type { TestSpecification } from 'vitest/node'

import fs from 'node:fs'
import path from 'node:path'
import { BaseSequencer } from 'vitest/node'

/** Each file's time in seconds (setup, import and tests), by `<tier>:<path>`: written by test/helpers/slowestFiles.ts. */
export const DURATIONS_FILE = path.resolve(import.meta.dirname, '../durations.json')

export function readDurations(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>
  } catch {
    return {}
  }
}

export const durationKey = (tier: string, root: string, file: string) =>
  `${tier}:${path.relative(root, file).split(path.sep).join('/')}`

/**
 * The files of each tier longest first, so that the workers of a parallel tier end together
 * rather than one starting the longest file last. Vitest does so from the durations it keeps of
 * the machine's earlier runs; a clean clone (CI) has none and would start the largest files
 * first, so the durations recorded in test/durations.json come first, then Vitest's own, and a
 * file that has neither comes before the others (`RECORD_DURATIONS=1` records it). Groups
 * of tiers keep Vitest's order (`sequence.groupOrder`); the tiers of one group share its workers,
 * so their files are sorted together, but those of tiers that isolate their files first: Vitest
 * keeps a worker's process for its next file (`isolate: false`) only while that file shares it
 * too, of the same tier. So the files of each tier that shares its processes come together, in
 * the order of the tiers in vitest.config.ts: a worker changes tiers once, rather than starting
 * a new process (and, in the api tier, a new Payload) whenever two tiers' files alternate.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const recorded = readDurations()
    const seconds = (spec: TestSpecification) => {
      const key = durationKey(spec.project.name, this.ctx.config.root, spec.moduleId)
      const cached = this.ctx.cache.getFileTestResults(key)?.duration
      // A file timed nowhere yet (a new one) comes first: started last, a long one would run
      // alone at the end of its group, while a short one started first costs nothing.
      return recorded[key] ?? (cached === undefined ? Infinity : cached / 1000)
    }
    const position = new Map(sorted.map((spec, index) => [spec, index]))
    const groupOf = (spec: TestSpecification) => spec.project.config.sequence.groupOrder
    const shares = (spec: TestSpecification) => Number(spec.project.config.isolate === false)
    const tierOf = (spec: TestSpecification) =>
      shares(spec) ? this.ctx.projects.indexOf(spec.project) : 0
    return [...sorted].sort(
      (a, b) =>
        groupOf(a) - groupOf(b) ||
        shares(a) - shares(b) ||
        tierOf(a) - tierOf(b) ||
        seconds(b) - seconds(a) ||
        position.get(a)! - position.get(b)!,
    )
  }
}
