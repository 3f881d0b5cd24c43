import { unserialize } from 'php-serialize'

/** The longest serialized value read: The Events Calendar Pro's `_EventRecurrence` of a busy series is a few kilobytes. */
export const MAX_PHP_VALUE_BYTES = 256 * 1024
/** Levels of arrays in one value: `_EventRecurrence` nests four (rules, a rule, custom, week). */
export const MAX_PHP_DEPTH = 16

/**
 * A value written by PHP's `serialize()` (post meta such as `_EventRecurrence`), as plain arrays
 * and objects. Bounded before it is read: its size, and how deeply its arrays nest (the reader is
 * recursive, so a deeper value would exhaust the stack). Objects of PHP classes are refused rather
 * than built: a post meta value that names a class is not the data this reads. Throws an Error
 * that says what is wrong.
 */
export function readPhpValue(text: string): unknown {
  const bytes = Buffer.from(text, 'utf8')
  if (bytes.length > MAX_PHP_VALUE_BYTES)
    throw new Error(`it is longer than ${MAX_PHP_VALUE_BYTES} bytes`)
  checkShape(bytes)
  try {
    // No classes in scope, and strict: an object of any class is an error, never an instance.
    return unserialize(text, {}, { strict: true })
  } catch (error) {
    throw new Error(`it is not a PHP serialized value (${(error as Error).message})`, {
      cause: error,
    })
  }
}

/** Walks the serialized text once, skipping strings by their byte length: refuses objects and arrays nested past MAX_PHP_DEPTH. */
function checkShape(bytes: Buffer) {
  let depth = 0
  for (let at = 0; at < bytes.length;) {
    const byte = bytes[at]!
    if (byte === 0x7b /* { */) {
      if (++depth > MAX_PHP_DEPTH)
        throw new Error(`its arrays are nested more than ${MAX_PHP_DEPTH} levels deep`)
      at++
    } else if (byte === 0x7d /* } */) {
      depth--
      at++
    } else if ((byte === 0x4f /* O */ || byte === 0x43) /* C */ && bytes[at + 1] === 0x3a) {
      throw new Error('it holds an object of a PHP class')
    } else if (byte === 0x73 /* s */ && bytes[at + 1] === 0x3a) {
      const colon = bytes.indexOf(0x3a, at + 2)
      const length = colon === -1 ? NaN : Number(bytes.toString('latin1', at + 2, colon))
      if (!Number.isSafeInteger(length) || length < 0) throw new Error('a string has no length')
      // s:LENGTH:"…";
      at = colon + 2 + length + 2
    } else at++
  }
}
