/**
 * The cost fuzzer: `npm run fuzz -- --cost [--only date-body,feeds] [--events 3750] [--series 0] [--threshold 500]
 * [--timeout 30] [--image 16000] [--all-sizes] [--markdown results.md]`.
 *
 * Starts the real server as `npm start` does (production mode, the built admin, on a free port)
 * against an embedded Postgres in a temporary folder, filled with the benchmark's calendar
 * (`--events`, default 3,750: about 3,000 published, the rest in every other status, some behind a
 * password), an account of each role, and a large public image; with `--series N`, N of those
 * events are weekly, monthly or daily series stored 24 months ahead (issue 26's calendar,
 * `bench/recurrenceSeed.ts`), where the lists' occurrences multiply. Then it attacks it as issue 25
 * did, each attack grown from small to the issue's size (`costAttacks.ts`: long dates, `where`
 * joins, long `in` lists, nesting, feeds, quadratic texts, the per-client limit's gaps, GraphQL;
 * the compatibility API's searches and deep pages),
 * from one loopback address (127.0.0.2), while another client (127.0.0.3) asks `/healthz` and
 * `/wp-json/vendor/events/v1/events?per_page=1` every ~100 ms. Before the attacks, each surface is
 * asked once (its first use loads code) and a quiet moment gives the other client's usual latency.
 *
 * For each attack and size it prints the attack's duration, its answers' statuses, 503s with
 * Retry-After (a deliberate limit, counted apart) and the other client's worst latency, then a
 * Markdown table of it all. A size fails when the other client waited more than `--threshold` ms,
 * when an answer is any other 5xx, when a request got no answer within `--timeout` s, or when the
 * server did not recover; an attack's larger sizes are then skipped (`--all-sizes` runs them).
 * Exits 1 when any size failed. Everything runs on loopback and stops by itself: each request
 * waits `--timeout` s at most, statements still running after an attack are cancelled, and the
 * whole run stops after `--max-minutes` (default 20).
 */
import fs from 'node:fs/promises'

import { ATTACKS } from './costAttacks'
import { markdownTable, runCostAttacks } from './costRun'
import { startCostTarget } from './costTarget'

type Options = {
  allSizes: boolean
  events: number
  imageSize: number
  markdown?: string
  maxMinutes: number
  only?: string[]
  series: number
  thresholdMs: number
  timeoutMs: number
}

const USAGE = `npm run fuzz -- --cost [--only ${ATTACKS.map((attack) => attack.name).join(',')}] [--events 3750] [--series 0] [--threshold 500] [--timeout 30] [--image 16000] [--all-sizes] [--markdown FILE] [--max-minutes 20]`

/** What `--help` adds to the usage: the attacks, and the options whose meaning is not in their name. */
const HELP = [
  'Attacks:',
  ...ATTACKS.map((attack) => `  ${attack.name}: ${attack.what}`),
  '',
  '--events N: events in the calendar (about 80% published); --series N: N of them recurring series',
  '  stored 24 months ahead (bench/recurrenceSeed.ts; --events 60000 --series 10000 makes about 1,000,000',
  '  occurrences), whose occurrences search-pages and deep-pages list; --threshold: ms the other client',
  '  may wait; --timeout: s an attack request may take; --image: pixels a side of the large image.',
].join('\n')

function readOptions(argv: string[]): Options {
  const options: Options = {
    allSizes: false,
    events: 3_750,
    imageSize: 16_000,
    maxMinutes: 20,
    series: 0,
    thresholdMs: 500,
    timeoutMs: 30_000,
  }
  for (let index = 0; index < argv.length; index++) {
    const [flag, inline] = argv[index]!.split('=', 2)
    const value = () => inline ?? argv[++index] ?? ''
    switch (flag) {
      case '--cost':
        break
      case '--only':
        options.only = value().split(',')
        break
      case '--events':
        options.events = Number(value())
        break
      case '--series':
        options.series = Number(value())
        break
      case '--threshold':
        options.thresholdMs = Number(value())
        break
      case '--timeout':
        options.timeoutMs = Number(value()) * 1_000
        break
      case '--image':
        options.imageSize = Number(value())
        break
      case '--all-sizes':
        options.allSizes = true
        break
      case '--markdown':
        options.markdown = value()
        break
      case '--max-minutes':
        options.maxMinutes = Number(value())
        break
      case '--help':
        console.log(`${USAGE}\n\n${HELP}`)
        return process.exit(0)
      default:
        throw new Error(`Unknown option ${argv[index]}\n${USAGE}`)
    }
  }
  const unknown = options.only?.filter((name) => !ATTACKS.some((attack) => attack.name === name))
  if (unknown?.length)
    throw new Error(
      `No attack named ${unknown.join(', ')}; there are ${ATTACKS.map((attack) => attack.name).join(', ')}`,
    )
  if (!(Number.isInteger(options.series) && options.series >= 0 && options.series < options.events))
    throw new Error('--series must be a whole number from 0 to fewer than --events')
  for (const [name, value] of Object.entries({
    events: options.events,
    threshold: options.thresholdMs,
    timeout: options.timeoutMs,
    'max-minutes': options.maxMinutes,
  })) {
    if (!(value > 0)) throw new Error(`--${name} must be a positive number`)
  }
  return options
}

const log = (message: string) => console.log(`[cost] ${message}`)

export async function costFuzz(argv: string[]): Promise<number> {
  const options = readOptions(argv)
  const attacks = ATTACKS.filter((attack) => !options.only || options.only.includes(attack.name))
  // The large image is for `next-image` only: not made when that attack is not run.
  const imageSize = attacks.some((attack) => attack.name === 'next-image') ? options.imageSize : 0
  const target = await startCostTarget({
    events: options.events,
    imageSize,
    log,
    series: options.series,
  })
  let cleaning: Promise<void> | undefined
  const cleanup = () => (cleaning ??= target.stop())
  const deadline = setTimeout(() => {
    console.error(`[cost] still running after ${options.maxMinutes} minutes: stopping.`)
    void cleanup().finally(() => process.exit(2))
  }, options.maxMinutes * 60_000)
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => void cleanup().finally(() => process.exit(130)))
  try {
    log(
      `threshold ${options.thresholdMs} ms, request timeout ${options.timeoutMs / 1000} s; attacker 127.0.0.2, other client 127.0.0.3`,
    )
    const results = await runCostAttacks(target, attacks, {
      allSizes: options.allSizes,
      log,
      thresholdMs: options.thresholdMs,
      timeoutMs: options.timeoutMs,
    })
    const table = markdownTable(results)
    console.log(`\n${table}\n`)
    if (options.markdown) await fs.writeFile(options.markdown, `${table}\n`)
    const failed = results.filter((result) => result.failures.length)
    log(
      failed.length
        ? `${failed.length} of ${results.length - 1} sizes failed: ${[...new Set(failed.map((result) => result.attack))].join(', ')}`
        : `all ${results.length - 1} sizes passed`,
    )
    return failed.length ? 1 : 0
  } finally {
    clearTimeout(deadline)
    await cleanup()
  }
}
