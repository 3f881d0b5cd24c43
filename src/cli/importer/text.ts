/** Named entities WordPress's formatting (`wptexturize`, `esc_html`) and editors commonly produce. */
const NAMED: Record<string, string> = {
  amp: '&',
  apos: "'",
  bdquo: '„',
  bull: '•',
  cent: '¢',
  copy: '©',
  deg: '°',
  euro: '€',
  gt: '>',
  hellip: '…',
  laquo: '«',
  ldquo: '“',
  lsquo: '‘',
  lt: '<',
  mdash: '—',
  middot: '·',
  nbsp: '\u00a0',
  ndash: '–',
  pound: '£',
  quot: '"',
  raquo: '»',
  rdquo: '”',
  reg: '®',
  rsquo: '’',
  sbquo: '‚',
  times: '×',
  trade: '™',
  yen: '¥',
}

/**
 * Text as readers saw it: WordPress sends titles and names HTML-escaped and "texturized"
 * (`Rock &#038; Roll`, `&#8220;quoted&#8221;`); here they are stored as typed, and the API
 * escapes what it has to on the way out.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return NAMED[name.toLowerCase()] ?? whole
  })
}

/** WordPress keeps non-ASCII slugs percent-encoded (`caf%c3%a9`); read them as text before they are cleaned. */
export function decodeSlug(slug: string): string {
  try {
    return decodeURIComponent(slug)
  } catch {
    return slug
  }
}
