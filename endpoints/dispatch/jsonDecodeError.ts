/**
 * Why PHP's `json_decode` refuses a JSON text, as `json_last_error()` and `json_last_error_msg()`
 * say it, which WordPress shows in `rest_invalid_json`'s data. PHP stops at the first fault it
 * meets, reading from the start: a control character inside a string or a NUL outside one (3),
 * an array or object opened at the depth limit (1), an unpaired UTF-16 surrogate escape (10), or
 * anything else the grammar does not allow (4). JavaScript's parser takes the last two, so they
 * are looked for in texts it takes too.
 */
export type JsonDecodeError = { code: number; message: string }

const SYNTAX: JsonDecodeError = { code: 4, message: 'Syntax error' }
const CONTROL: JsonDecodeError = {
  code: 3,
  message: 'Control character error, possibly incorrectly encoded',
}
const DEPTH: JsonDecodeError = { code: 1, message: 'Maximum stack depth exceeded' }
const SURROGATE: JsonDecodeError = {
  code: 10,
  message: 'Single unpaired UTF-16 surrogate in unicode escape',
}

/**
 * `json_decode`'s refusal of `text`, or `null` when it takes it; `maxNesting` is how many arrays
 * and objects may be open at once. `parsed` tells whether `JSON.parse` took the text, and where
 * it stopped if not (`text.length` when it ran out of text).
 */
export function jsonDecodeError(
  text: string,
  maxNesting: number,
  parsed: { ok: true } | { ok: false; at: number },
): JsonDecodeError | null {
  const fault = firstFault(text, maxNesting)
  if (parsed.ok) return fault?.error ?? null
  return fault && fault.at <= parsed.at ? fault.error : SYNTAX
}

/** Where `JSON.parse`'s error says it stopped (V8 names the position), else the text's end. */
export function parseStop(error: unknown, text: string): number {
  const at = /at position (\d+)/.exec(error instanceof Error ? error.message : '')
  return at ? Number(at[1]) : text.length
}

/** The first fault PHP finds that JavaScript's grammar alone would not place. */
function firstFault(
  text: string,
  maxNesting: number,
): { at: number; error: JsonDecodeError } | null {
  let depth = 0
  let inString = false
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at)
    if (!inString) {
      if (char === 0x22) inString = true
      else if (char === 0x5b || char === 0x7b) {
        depth += 1
        if (depth > maxNesting) return { at, error: DEPTH }
      } else if (char === 0x5d || char === 0x7d) depth = Math.max(0, depth - 1)
      else if (char === 0) return { at, error: CONTROL }
      continue
    }
    if (char === 0x22) inString = false
    else if (char < 0x20) return { at, error: CONTROL }
    else if (char === 0x5c) {
      const next = text[at + 1]
      if (next !== 'u') {
        at += 1
        continue
      }
      const unit = hexUnit(text, at + 2)
      if (unit === null) return null
      if (unit >= 0xdc00 && unit <= 0xdfff) return { at, error: SURROGATE }
      if (unit >= 0xd800 && unit <= 0xdbff) {
        const low = text.startsWith('\\u', at + 6) ? hexUnit(text, at + 8) : null
        if (low === null || low < 0xdc00 || low > 0xdfff) return { at, error: SURROGATE }
        at += 6
      }
      at += 5
    }
  }
  return null
}

function hexUnit(text: string, from: number): null | number {
  const digits = text.slice(from, from + 4)
  return /^[0-9a-f]{4}$/i.test(digits) ? parseInt(digits, 16) : null
}
