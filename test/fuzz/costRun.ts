import { performance } from 'node:perf_hooks'
import { Agent } from 'undici'

import {
  type Attack,
  type AttackRequest,
  type AttackServer,
  type AttackStep,
  warmUpRequests,
} from './costAttacks'
import type { CostTarget } from './costTarget'

import { type ProbeSample, PROBE_PATHS, startProbe } from './costProbe'

/** The attacker's address; the other client's is `PROBE_ADDRESS`. The server's per-client limit keys on the address. */
export const ATTACKER_ADDRESS = '127.0.0.2'
export const PROBE_ADDRESS = '127.0.0.3'

export type CostOptions = {
  /** Keep growing an attack after a size failed (by default its larger sizes are skipped: they can only cost more). */
  allSizes: boolean
  /** Which sizes to run (the automated test's slice); all by default. */
  chosen?: (attack: Attack, step: AttackStep) => boolean
  log: (message: string) => void
  /** How long another client may wait for `/healthz` or a simple read while an attack runs. */
  thresholdMs: number
  /** How long an attack's request may take before it is called unbounded (and abandoned). */
  timeoutMs: number
}

export type StepResult = {
  attack: string
  /** Why the size failed; empty when it passed. */
  failures: string[]
  /** The first answer of each status that is not a success (or the error of a request that got none). */
  examples: string[]
  /** Statements still running after the attack's answers (or abandoned requests), cancelled. */
  leftRunning: string[]
  /** 503 answers with Retry-After: a deliberate limit (the attack's, then the probe's). */
  limited: number
  /** The attack's own duration: from its first request to its last answer. */
  ms: number
  /** The other client's worst latency per path while the attack ran and until the server recovered. */
  probe: Record<string, number>
  /** How long after the attack's last answer the other client was served within the threshold again. */
  recoveryMs: null | number
  size: string
  statuses: Record<string, number>
}

type Answer = {
  error?: string
  ms: number
  /** `X-TEC-TotalPages` (the compatibility API's lists), where the answer has it. */
  pages?: number
  retryAfter: boolean
  status: number
  text: string
  timedOut: boolean
}

/** After an attack, how long the other client may stay slow before its statements are cancelled, then before the run gives up. */
const RECOVERY_MS = 60_000

/**
 * Runs `attacks` against `target`, size by size, from `ATTACKER_ADDRESS`, while another client
 * (`costProbe.ts`, from `PROBE_ADDRESS`) asks `/healthz` and a simple read every ~100 ms. A size
 * fails when the other client waited longer than `thresholdMs`, when any answer (the attack's or
 * the other client's) is a 5xx other than a 503 with Retry-After (a deliberate limit, counted
 * apart), when an attack's request got no answer within `timeoutMs`, or when the server did not
 * recover. Before the attacks, a quiet period measures the other client's usual latency.
 */
export async function runCostAttacks(
  target: CostTarget,
  attacks: Attack[],
  options: CostOptions,
): Promise<StepResult[]> {
  const agent = new Agent({
    bodyTimeout: options.timeoutMs,
    headersTimeout: options.timeoutMs,
    localAddress: ATTACKER_ADDRESS,
  })
  const probe = startProbe({
    base: target.base,
    localAddress: PROBE_ADDRESS,
    timeoutMs: options.timeoutMs + RECOVERY_MS,
  })
  const results: StepResult[] = []
  try {
    // Each surface asked once first, as on a site that has been serving for a while: a first request
    // loads code (Next's routes, GraphQL's schema, the writes' HTML and Lexical conversions) that no
    // attack should be blamed for.
    const warmUp: string[] = []
    for (const request of warmUpRequests(target.seed))
      warmUp.push(
        `${(await send(agent, target.base, request, options.timeoutMs)).status || 'error'}`,
      )
    options.log(`warm-up: ${warmUp.join(' ')}`)
    const warm = await probe.recovered(Date.now(), options.thresholdMs, RECOVERY_MS)
    if (warm === null)
      throw new Error(
        `another client waits more than ${options.thresholdMs} ms with no attack running: nothing to measure against`,
      )
    // Then a quiet moment: the other client's latency with no attack (its read is then kept, as on a site).
    const quietFrom = Date.now()
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    results.push(
      measure('(none)', 'quiet', probe.during(quietFrom, Date.now()), [], 0, 0, [], options),
    )
    options.log(formatStep(results.at(-1)!))

    // What an attack may ask before it is measured (the pages of a list, as a client paging through learns them).
    const server: AttackServer = {
      totalPages: async (path) =>
        (await send(agent, target.base, { method: 'GET', path }, options.timeoutMs)).pages ?? 0,
    }
    for (const attack of attacks) {
      const steps = await attack.steps(target.seed, server)
      for (const step of steps.filter((step) => options.chosen?.(attack, step) ?? true)) {
        const result = await runStep(target, agent, probe, attack, step, options)
        results.push(result)
        options.log(formatStep(result))
        if (result.recoveryMs === null) {
          // Whatever came next would be measured against a server still busy with this attack.
          options.log('the server did not recover: no further attacks')
          return results
        }
        if (result.failures.length && !options.allSizes) {
          const skipped = steps.slice(steps.indexOf(step) + 1).map((next) => next.size)
          if (skipped.length)
            options.log(
              `  ${attack.name}: larger sizes skipped (${skipped.join(', ')}); --all-sizes runs them`,
            )
          break
        }
      }
    }
    return results
  } finally {
    await probe.stop()
    await agent.close()
  }
}

async function runStep(
  target: CostTarget,
  agent: Agent,
  probe: ReturnType<typeof startProbe>,
  attack: Attack,
  step: AttackStep,
  options: CostOptions,
): Promise<StepResult> {
  const from = Date.now()
  const began = performance.now()
  const answers = await Promise.all(
    step.requests.map((request) => send(agent, target.base, request, options.timeoutMs)),
  )
  const ms = performance.now() - began
  const answered = Date.now()
  // The attack may outlive its answers (work the server carries on with, a blocked event loop).
  let recoveredAt = await probe.recovered(answered, options.thresholdMs, RECOVERY_MS)
  const leftRunning = await target.cancelStatementsBefore(answered)
  const failures: string[] = []
  if (recoveredAt === null) {
    recoveredAt = await probe.recovered(Date.now(), options.thresholdMs, RECOVERY_MS)
    if (recoveredAt === null)
      failures.push(`the server did not recover within ${(2 * RECOVERY_MS) / 1000} s`)
  }
  const until = recoveredAt ?? Date.now()
  const result = measure(
    attack.name,
    step.size,
    probe.during(from, until),
    answers,
    ms,
    recoveredAt === null ? null : Math.round(recoveredAt - answered),
    leftRunning,
    options,
  )
  result.failures.unshift(...failures)
  return result
}

function measure(
  attack: string,
  size: string,
  samples: ProbeSample[],
  answers: Answer[],
  ms: number,
  recoveryMs: null | number,
  leftRunning: string[],
  options: CostOptions,
): StepResult {
  const failures: string[] = []
  const examples: string[] = []
  const statuses: Record<string, number> = {}
  let limited = 0
  let serverErrors = 0
  for (const answer of answers) {
    // GraphQL refuses a query (too complex, invalid) with 200 and `errors`: not a success either.
    const refused = answer.status === 200 && /^\s*\{\s*"errors"/.test(answer.text)
    const key = answer.timedOut
      ? 'timeout'
      : answer.error
        ? 'error'
        : refused
          ? '200 errors'
          : String(answer.status)
    statuses[key] = (statuses[key] ?? 0) + 1
    if (answer.status === 503 && answer.retryAfter) limited++
    else if (answer.status >= 500) serverErrors++
    // The first answer of each kind that is not a success, to tell a refusal from a crash.
    if (statuses[key] === 1 && (answer.status >= 400 || answer.error || refused))
      examples.push(`${key}: ${answer.error ?? answer.text.replace(/\s+/g, ' ').slice(0, 160)}`)
  }
  const timeouts = answers.filter((answer) => answer.timedOut).length
  const transport = answers.filter((answer) => answer.error && !answer.timedOut).length
  if (serverErrors) failures.push(`${serverErrors} answers 5xx`)
  if (timeouts) failures.push(`${timeouts} requests unanswered after ${options.timeoutMs / 1000} s`)
  if (transport) failures.push(`${transport} requests failed without an answer`)

  const probe: Record<string, number> = {}
  for (const path of PROBE_PATHS) {
    const own = samples.filter((sample) => sample.path === path)
    probe[path] = Math.round(Math.max(0, ...own.map((sample) => sample.ms)))
    if (probe[path]! > options.thresholdMs)
      failures.push(`another client waited ${probe[path]} ms for ${path}`)
    for (const sample of own) {
      if (sample.status === 503 && sample.retryAfter) limited++
      else if (sample.status >= 500 || sample.error) {
        failures.push(`another client's ${path}: ${sample.error ?? sample.status}`)
        break
      }
    }
  }
  return {
    attack,
    examples,
    failures,
    leftRunning,
    limited,
    ms: Math.round(ms),
    probe,
    recoveryMs,
    size,
    statuses,
  }
}

/** One request, from the attacker's address; the answer's first characters are kept for the report. */
async function send(
  agent: Agent,
  base: string,
  request: AttackRequest,
  timeoutMs: number,
): Promise<Answer> {
  const began = performance.now()
  const signal = AbortSignal.timeout(timeoutMs)
  try {
    // A connection each (`reset`): a kept-alive one the server closes as idle after a blocked moment would fail the next request.
    const response = await agent.request({
      body: request.body,
      headers: request.headers,
      method: request.method,
      origin: base,
      path: request.path,
      reset: true,
      signal,
    })
    let text = ''
    for await (const chunk of response.body) if (text.length < 400) text += String(chunk)
    const pages = Number(response.headers['x-tec-totalpages'])
    return {
      ms: performance.now() - began,
      pages: Number.isInteger(pages) ? pages : undefined,
      retryAfter: response.headers['retry-after'] !== undefined,
      status: response.statusCode,
      text,
      timedOut: false,
    }
  } catch (error) {
    const timedOut = signal.aborted || /timeout/i.test((error as Error).name ?? '')
    return {
      error: `${(error as Error).name}: ${(error as Error).message}`,
      ms: performance.now() - began,
      retryAfter: false,
      status: 0,
      text: '',
      timedOut,
    }
  }
}

export function formatStep(result: StepResult): string {
  const statuses =
    Object.entries(result.statuses)
      .map(([status, n]) => `${n}×${status}`)
      .join(' ') || '-'
  const probe = PROBE_PATHS.map((path) => `${result.probe[path]} ms`).join(' / ')
  const verdict = result.failures.length ? `FAIL: ${result.failures.join('; ')}` : 'ok'
  const extra = [
    result.limited ? `${result.limited}×503 with Retry-After` : '',
    result.recoveryMs !== null && result.recoveryMs > 1_000
      ? `the other client was served within the threshold again ${result.recoveryMs} ms after the attack's last answer`
      : '',
    result.leftRunning.length ? `left running: ${result.leftRunning.join(' | ')}` : '',
    ...result.examples,
  ].filter(Boolean)
  return `${result.attack.padEnd(18)} ${result.size.padEnd(24)} ${String(result.ms).padStart(7)} ms  ${statuses.padEnd(16)} other client ${probe}  ${verdict}${extra.length ? `\n    ${extra.join('\n    ')}` : ''}`
}

/** The results as a Markdown table, for the closing note. */
export function markdownTable(results: StepResult[]): string {
  const rows = results.map((result) => {
    const statuses =
      Object.entries(result.statuses)
        .map(([status, n]) => `${n}×${status}`)
        .join(' ') || '-'
    const cells = [
      result.attack,
      result.size,
      String(result.ms),
      statuses,
      String(result.limited),
      ...PROBE_PATHS.map((path) => String(result.probe[path])),
      String(result.recoveryMs ?? '-'),
      result.leftRunning.length ? String(result.leftRunning.length) : '',
      result.failures.length ? `FAIL: ${result.failures.join('; ')}` : 'ok',
    ]
    return `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`
  })
  return [
    `| attack | size | attack ms | statuses | 503 + Retry-After | worst ${PROBE_PATHS.map((path) => `\`${path}\` ms`).join(' | worst ')} | served again after ms | statements cancelled | verdict |`,
    '| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
  ].join('\n')
}
