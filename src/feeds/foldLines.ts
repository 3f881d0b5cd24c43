/**
 * Line folding (RFC 5545 §3.1): lines longer than 75 octets are split, continuation lines start
 * with a space, and no UTF-8 character is cut. ical-generator's `foldLines` does the same but
 * encodes every character on its own (about 1 µs a character: seconds for a feed of thousands of
 * events), so the feeds fold with this instead.
 */
export function foldLines(text: string): string {
  return text.split('\r\n').map(foldLine).join('\r\n')
}

const MAX_OCTETS = 75

function foldLine(line: string): string {
  if (line.length * 3 <= MAX_OCTETS || Buffer.byteLength(line) <= MAX_OCTETS) return line
  const parts: string[] = []
  let start = 0
  let octets = 0
  // The first line holds 75 octets; the others 74 after their leading space.
  let limit = MAX_OCTETS
  for (let index = 0; index < line.length;) {
    const code = line.codePointAt(index)!
    const width = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
    const length = code >= 0x10000 ? 2 : 1
    if (octets + width > limit) {
      parts.push(line.slice(start, index))
      start = index
      octets = 0
      limit = MAX_OCTETS - 1
    }
    octets += width
    index += length
  }
  parts.push(line.slice(start))
  return parts.join('\r\n ')
}
