/**
 * PHP's `is_numeric` for a text: ASCII white space around, a sign, decimals and an exponent
 * (`2e1`, ` +2`, `2.0`, `5.`); no hexadecimal, no underscores, no other digits.
 */
const PHP_NUMERIC = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/

export const isPhpNumericText = (value: unknown): value is string =>
  typeof value === 'string' && PHP_NUMERIC.test(value)
