import slugify from 'slugify'

import { stripTags } from './tagSpans'

/** Letters `remove_accents` folds to ASCII (WordPress, `wp-includes/formatting.php`): Latin-1, Latin Extended-A, the Romanian, pinyin and Vietnamese ones. */
const FOLDED_LETTERS =
  /[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u017f\u01a0\u01a1\u01af\u01b0\u01cd-\u01dc\u0218-\u021b\u1ea0-\u1ef9]/
/** Where `remove_accents` differs from the slug library's transliteration, or folds what is not a letter. */
const OWN_FOLDS: Record<string, string> = { ß: 's', ª: 'a', º: 'o', '€': 'E', '£': '' }

/** Removed from a slug, spelt as encoded octets (`sanitize_title_with_dashes`, context `save`): soft hyphen, ¡ ¿, angle and curly quotes, bullet, © ® ° … ™, lone accents, invisible marks. */
const STRIPPED_OCTETS = new Set(
  'c2ad c2a1 c2bf c2ab c2bb e280b9 e280ba e28098 e28099 e2809c e2809d e2809a e2809b e2809e e2809f e280a2 c2a9 c2ae c2b0 e280a6 e284a2 c2b4 cb8a cc81 cd81 cc80 cc84 cc8c e2808b e2808c e2808d e2808e e2808f e280aa e280ab e280ac e280ad e280ae efbbbf efbfbc'.split(
    ' ',
  ),
)
/** Become hyphens: no-break, en and em dashes, and the spaces that have a width. */
const HYPHEN_OCTETS = new Set(
  'c2a0 e28093 e28094 e28080 e28081 e28082 e28083 e28084 e28085 e28086 e28087 e28088 e28089 e2808a e280a8 e280a9 e280af'.split(
    ' ',
  ),
)
const UTF8 = new TextEncoder()
/** WordPress's slug is at most 200 characters once encoded (`utf8_uri_encode( $title, 200 )`). */
const MAX_ENCODED_LENGTH = 200

/** `remove_accents`: Latin letters to ASCII; letters of other scripts stay. */
function foldAccents(text: string): string {
  return text.normalize('NFC').replace(/[^\u0000-\u007f]/g, (char) => {
    if (char in OWN_FOLDS) return OWN_FOLDS[char]!
    if (!FOLDED_LETTERS.test(char)) return char
    const folded = slugify(char, { lower: false, trim: false })
    return /^[A-Za-z]+$/.test(folded) ? folded : char
  })
}

/**
 * A character of a slug as WordPress writes it: itself when ASCII, its UTF-8 octets in lowercase
 * `%xx` otherwise, then the punctuation and invisible marks the slug drops or turns into hyphens.
 */
function encodedChar(char: string): string {
  if (char.charCodeAt(0) < 0x80) return char
  const octets = hexOctetsOf(char)
  if (octets === 'c397') return 'x'
  if (STRIPPED_OCTETS.has(octets)) return ''
  if (HYPHEN_OCTETS.has(octets)) return '-'
  return octets.replace(/../g, '%$&')
}

/** A character's UTF-8 octets in lowercase hexadecimal, two digits each (`東` → `e69db1`). */
function hexOctetsOf(char: string): string {
  return [...UTF8.encode(char)].map((octet) => octet.toString(16).padStart(2, '0')).join('')
}

/**
 * A slug from a title as WordPress's `sanitize_title` makes one (docs/compatibility.md, "Slugs"):
 * tags and HTML entities are dropped, `/` and `.` become hyphens, other ASCII punctuation (`&`,
 * `<`, `$`, …) goes, Latin accents are folded, and letters of other scripts are kept, percent-encoded
 * (`東京` → `%e6%9d%b1%e4%ba%ac`), as WordPress stores them. A `%` that starts no octet goes.
 */
export function toSlug(text: string): string {
  const lowered = foldAccents(stripTags(text))
    // Octets typed in the title (`%20`) are kept; any other `%` goes.
    .replace(/%(?![0-9A-Fa-f]{2})/g, '')
    .toLowerCase()
  // Counted as WordPress counts it, on the encoded octets before the save rules drop or shorten some.
  let length = 0
  let encoded = ''
  for (const char of lowered) {
    const octets = char.charCodeAt(0) < 0x80 ? 1 : UTF8.encode(char).length
    length += octets === 1 ? 1 : octets * 3
    if (length > MAX_ENCODED_LENGTH) break
    encoded += encodedChar(char)
  }
  return (
    encoded
      // `&[^\s;]+;`, in linear time: an `&` whose run has no `;` is kept with its run at once,
      // since every `&` inside that run would fail the same way.
      .replace(/&[^\s;]+(;)?/g, (run: string, end?: string) => (end ? '' : run))
      .replace(/[/.]/g, '-')
      .replace(/[^%a-z0-9\s_-]/g, '')
      .replace(/\s+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^-+|-+$/g, '')
  )
}

/**
 * A slug a client sent, spelt as slugs are stored: letters outside ASCII as lowercase octets, as
 * `toSlug` writes them. Paths and queries reach us decoded (`東京`), while WordPress matches the
 * encoded form (`%e6%9d%b1%e4%ba%ac`) its clients send; octets typed in upper case match too,
 * as under MySQL's collation.
 */
export function slugAsStored(slug: string): string {
  return slug
    .replace(/[^\u0000-\u007f]/gu, (char) => hexOctetsOf(char).replace(/../g, '%$&'))
    .replace(/%[0-9A-F]{2}/gi, (octet) => octet.toLowerCase())
}

/**
 * The slug a post is looked up by, as `get_page_by_path` reads one (`sanitize_title` in its
 * `query` context): spelt as stored (`slugAsStored`), in lower case, `.` and runs of spaces as
 * one hyphen, other characters but letters, digits, `%`, `_` and `-` dropped, hyphens collapsed
 * and trimmed (`/events/by-slug/Jazz Night 25` finds `jazz-night-25`).
 */
export function slugForQuery(slug: string): string {
  return slugAsStored(slug)
    .toLowerCase()
    .replace(/&[^\s;]+;/g, '')
    .replace(/\./g, '-')
    .replace(/[^%a-z0-9 _-]/g, '')
    .replace(/ +/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
}

/**
 * Whether an event's slug is one WordPress has not given yet: `wp_insert_post` leaves a draft's or
 * pending post's `post_name` empty until it is first published, unless one was given. Here the
 * slug is made and kept from the start (`src/hooks/generateSlug.ts`), so it stays out of sight as
 * WordPress has none: shown as `""`, and found by its slug only by those who may read the event,
 * since it is made from the title (a guessed title would otherwise be told apart from one no
 * event has).
 */
export function slugNotYetGiven(doc: {
  publishedAt?: null | string
  slugTyped?: boolean | null
  status?: null | string
}): boolean {
  return (doc.status === 'draft' || doc.status === 'pending') && !doc.publishedAt && !doc.slugTyped
}

/** `slugNotYetGiven` of the events row `alias`, in SQL. */
export const slugNotYetGivenSql = (alias: string) =>
  `(${alias}.status IN ('draft', 'pending') AND ${alias}.published_at IS NULL AND ${alias}.slug_typed IS NOT TRUE)`
