/**
 * A statement's text with its parameters (`$1`, `$2`, …) written in as quoted literals, as a
 * statement of several sent in one message must be (Postgres's simple query protocol takes no
 * parameters). Each value is what `pg` itself would send (`prepareValue`: text, or null), quoted
 * as an untyped literal: Postgres infers an untyped literal's type where it infers an untyped
 * parameter's, so the statement means the same. Null (the statement is then sent as it is) when
 * that cannot be told for sure: a value `pg` sends as bytes, a `$` that is not a parameter, a
 * comment or a backslash in the text, a quote left open, a parameter with no value.
 */
export type LiteralDriver = {
  escapeLiteral: (text: string) => string
  prepareValue: (value: unknown) => unknown
}

export function inlineParameters(
  text: string,
  values: readonly unknown[] | undefined,
  driver: LiteralDriver,
): null | string {
  if (/\\|--|\/\*/.test(text)) return null
  const literals: string[] = []
  for (const value of values ?? []) {
    const prepared = value === undefined || value === null ? null : driver.prepareValue(value)
    if (prepared === null || prepared === undefined) literals.push('NULL')
    else if (typeof prepared === 'string') literals.push(driver.escapeLiteral(prepared))
    else return null
  }
  let out = ''
  let index = 0
  while (index < text.length) {
    const char = text[index]!
    if (char === "'" || char === '"') {
      const end = text.indexOf(char, index + 1)
      if (end < 0) return null
      out += text.slice(index, end + 1)
      index = end + 1
    } else if (char === '$') {
      // `a$1` is an identifier, not a parameter.
      if (index > 0 && /\w/.test(text[index - 1]!)) return null
      const number = /^\$(\d+)/.exec(text.slice(index, index + 12))
      if (!number) return null
      const literal = literals[Number(number[1]) - 1]
      if (literal === undefined) return null
      out += literal
      index += number[0].length
    } else {
      out += char
      index++
    }
  }
  return out.replace(/[\s;]+$/, '')
}
