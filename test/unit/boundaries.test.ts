import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

type Violation = { from: string; rule: { name: string }; to: string }

/**
 * The floors and their arrows (`.dependency-cruiser.cjs`, docs/architecture.md): no import from a
 * floor to one above it, nothing of the plugin importing the app, no cycle. Runs the same command
 * as `npm run check:boundaries`.
 */
describe('import boundaries', () => {
  // Cruising some 400 files takes seconds, and more on a busy machine.
  it('has no import that breaks a floor rule, and no cycle', { timeout: 180_000 }, () => {
    const run = spawnSync(
      'npm',
      ['run', '--silent', 'check:boundaries', '--', '--output-type', 'json'],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    )
    expect(run.error).toBeUndefined()
    const result = JSON.parse(run.stdout) as {
      summary: { totalCruised: number; violations: Violation[] }
    }
    const broken = result.summary.violations.map(
      (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
    )
    expect(broken).toEqual([])
    expect(run.status).toBe(0)
    // A configuration that matched no file would pass any code.
    expect(result.summary.totalCruised).toBeGreaterThan(300)
  })
})
