import { typedTitle } from '../../lib/texturize'

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
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? parseInt(name.slice(2), 16)
          : parseInt(name.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole
    }
    return NAMED[name.toLowerCase()] ?? whole
  })
}

/**
 * A title (an event's, a venue's or an organizer's name) as the source's editor typed it: the
 * source typesets titles on output (`Kids&#8217; Day`) as the API here does (src/lib/texturize.ts),
 * so the typed title reads back the same here; one that no typed title explains is decoded.
 */
export function importedTitle(shown: string): string {
  return typedTitle(shown) ?? decodeEntities(shown)
}

/**
 * The text of a description from the summary in an event's JSON-LD (`&lt;p&gt;text&lt;/p&gt;\n`,
 * escaped for HTML and for a script): the text as our JSON-LD writes it back the same
 * (endpoints/events/jsonLdDescription.ts); a summary cut after 30 words keeps its ` [&hellip;]`,
 * which cuts the same again. Null for anything else.
 */
export function summaryFromJsonLd(description: unknown): null | string {
  const match =
    typeof description === 'string' ? /^&lt;p&gt;([\s\S]*)&lt;\/p&gt;\\n$/.exec(description) : null
  if (!match) return null
  // Only the script's backslashes are undone: the entities stay, since the JSON-LD writes `<` and
  // `&lt;` alike (src/lib/jsonLdText.ts), and a `<` put back would be read as a tag when the summary
  // is laid out in a paragraph again (`x < y` gave `x < y\n</p>`).
  const text = match[1]!.replace(/\\(.)/g, '$1')
  return text.trim() || null
}

/** WordPress keeps non-ASCII slugs percent-encoded (`caf%c3%a9`); read them as text before they are cleaned. */
export function decodeSlug(slug: string): string {
  try {
    return decodeURIComponent(slug)
  } catch {
    return slug
  }
}

/**
 * An excerpt the source laid out in paragraphs (`<p>Para 1</p>\n<p>Para 2</p>`, `<p>Two<br />\nlines</p>`)
 * back to the text its editor typed (`Para 1\n\nPara 2`), when paragraphs and line breaks are all the
 * HTML it has: laid out again it reads the same, and its JSON-LD summary, which drops the paragraphs'
 * tags before laying the text out again, keeps its paragraphs as the source's does. Anything else is
 * kept as the source returns it.
 */
export function excerptAsTyped(html: string): string {
  const paragraphs = /^<p>([\s\S]*)<\/p>$/.exec(html)
  if (!paragraphs || /<(?!\/?p>|br \/>)/.test(paragraphs[1]!)) return html
  const parts = paragraphs[1]!.split('</p>\n<p>')
  if (parts.some((part) => /<\/?p>/.test(part))) return html
  return parts.map((part) => part.replace(/<br \/>\n/g, '\n')).join('\n\n')
}
