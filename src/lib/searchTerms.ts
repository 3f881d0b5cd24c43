/*
 * How the original reads a `search` argument, list by list (`docs/compatibility.md`, "Search"):
 * pure rules, without SQL. `src/db/foldedSearch.ts` turns their patterns into conditions, which
 * compare without regard to case or accents as the original's database collation does.
 */

/**
 * WordPress's English search stopwords (the default of its translatable list): dropped from an
 * events search of several words. The original runs in English, so every language root uses this
 * list (`docs/compatibility.md`, "Search").
 */
export const SEARCH_STOPWORDS: readonly string[] = [
  'about',
  'an',
  'are',
  'as',
  'at',
  'be',
  'by',
  'com',
  'for',
  'from',
  'how',
  'in',
  'is',
  'it',
  'of',
  'on',
  'or',
  'that',
  'the',
  'this',
  'to',
  'was',
  'what',
  'when',
  'where',
  'who',
  'will',
  'with',
  'www',
]

/**
 * Whether a search's text holds a NUL, which only a search keeps (`endpoints/dispatch/request.ts`).
 * No stored text holds one (Postgres refuses it), so such a text must not reach the database and is
 * found nowhere: an events search term with one finds nothing (excluded, it excludes nothing), a
 * term search (categories, tags), compared whole, finds nothing, and venues and organizers, which
 * read only the ASCII letters, digits and `-` of a search, part fragments at it as at a space.
 */
export const holdsNul = (text: string): boolean => text.includes('\u0000')

/** One term of an events search: `text` must be found in a searched field, or nowhere when `exclude`. */
export type SearchTerm = { exclude: boolean; text: string }

/** A search of more terms than this is matched as one sentence, as WordPress does. */
const MAX_TERMS = 9

/**
 * Terms: a quoted phrase (to its closing quote or the end), or a run of anything but tab, space,
 * quote, comma and plus.
 */
const TERM = /".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g

/**
 * The terms of an events search, as WordPress's post search reads its `s`: backslashes escape the
 * next character (the text is unslashed once more), line breaks are dropped, the text is cut into
 * terms (a quoted phrase stays whole), single letters, lone dashes and stopwords are left out, and
 * a term that starts with `-` excludes. When nothing is left, or more than nine terms are, the
 * whole text is one term.
 */
export function postSearchTerms(
  search: string,
  stopwords: readonly string[] = SEARCH_STOPWORDS,
): SearchTerm[] {
  const text = unslash(search).replace(/[\r\n]/g, '')
  const kept: string[] = []
  for (const [token] of text.matchAll(TERM)) {
    // A whole quoted phrase keeps its inner spaces; other terms lose quotes and spaces at both ends.
    const term = /^".+"$/.test(token) ? trimChars(token, `"'`) : trimChars(token, `"' `)
    if (!term || /^[a-z-]$/i.test(term)) continue
    if (stopwords.includes(term.toLowerCase())) continue
    kept.push(term)
  }
  const terms = kept.length === 0 || kept.length > MAX_TERMS ? [text] : kept
  return terms.map((term) =>
    term.startsWith('-') ? { exclude: true, text: term.slice(1) } : { exclude: false, text: term },
  )
}

/**
 * The fragments a venue or organizer search looks for (the original's "find like"): the runs of
 * ASCII letters, digits and `-` (`Québec` is `Qu` and `bec`), without the fragments `0`, which the
 * original drops as empty. None: the search matches nothing. A fragment repeated (in any case)
 * is asked once: every fragment must be found, so a repeat adds nothing but work.
 */
export function findLikeFragments(search: string): string[] {
  const fragments = search
    .split(/[^a-z\d-]+/i)
    .filter((fragment) => fragment !== '' && fragment !== '0')
  return [...new Map(fragments.map((fragment) => [fragment.toLowerCase(), fragment])).values()]
}

/** `%text%` for LIKE, with `\`, `%` and `_` taken literally (WordPress's `esc_like`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/** PHP's `stripslashes`: a backslash is dropped and the character after it kept (`\\` is one backslash). */
function unslash(text: string): string {
  return text.replace(/\\([\s\S]?)/g, '$1')
}

function trimChars(text: string, characters: string): string {
  let start = 0
  let end = text.length
  while (start < end && characters.includes(text[start]!)) start++
  while (end > start && characters.includes(text[end - 1]!)) end--
  return text.slice(start, end)
}
