import { destination as logDestination } from 'pino'
import { build } from 'pino-pretty'

import type { AppEnv } from '../env'

/*
 * The logger's settings (Payload's `logger` option, `payload.config.ts`). Logged values often come
 * from requests (paths, file names, search terms): a value holding a line end would start a line
 * of its own in the text log, one that looks like any other entry (a forged log line). Every string
 * logged, the message and the values beside it, has its line ends and other control characters
 * escaped (`\n`, `\u001b`, …) before it is written, in both formats; a stack trace keeps its lines
 * (each is written indented, under its entry).
 */

/** C0 controls, DEL, C1 controls (NEL among them) and the Unicode line and paragraph separators. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** `value` on one line: control characters as escapes. */
export function escapeControls(value: string): string {
  return value.replace(
    CONTROL,
    (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** How deep escaping looks into logged objects: entries are flat, and a bound keeps a cyclic value harmless. */
const MAX_DEPTH = 4

function escapeLogged(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return escapeControls(value)
  if (!value || typeof value !== 'object' || depth >= MAX_DEPTH || value instanceof Error)
    return value
  if (Array.isArray(value)) return value.map((item) => escapeLogged(item, depth + 1))
  if (Object.getPrototypeOf(value) !== Object.prototype) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, escapeLogged(item, depth + 1)]),
  )
}

/**
 * The readable format: Payload's own (time, level, message), but each entry on one line with its
 * values after the message, so that a request is one line; coloured only on a terminal (and not with
 * NO_COLOR), so that a log file or a collector gets no escape codes.
 */
export function readableLogDestination(
  output: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
  noColor = process.env.NO_COLOR,
) {
  const colorize = Boolean(output.isTTY) && !noColor
  const common = {
    colorize,
    ignore: 'pid,hostname',
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
  }
  // Standard output by its descriptor, as Payload's own destination writes it; any other stream as given (tests).
  return build(output === process.stdout ? common : { ...common, destination: output })
}

/**
 * LOG_FORMAT=json: one JSON object a line (level names, ISO times) for log collectors; otherwise
 * the readable format above. LOG_LEVEL applies to both.
 */
export function loggerConfig(env: Pick<AppEnv, 'logFormat' | 'logLevel'>) {
  const options = {
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => escapeLogged(arg)),
        )
      },
    },
    level: env.logLevel,
    name: 'payload',
  }
  if (env.logFormat === 'text') return { destination: readableLogDestination(), options }
  return {
    // Written in the background, not with a system call per line in the server's thread: lines
    // are gathered up to 4 KiB and written together, or after a second at most; pino writes what
    // is left when the process exits, and a stop flushes it first (`start.ts`).
    destination: logDestination({ dest: 1, minLength: 4096, periodicFlush: 1000, sync: false }),
    options: {
      ...options,
      formatters: { level: (label: string) => ({ level: label }) },
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
    },
  }
}
