/*
 * Paragraphs and line breaks as WordPress's `wpautop` makes them from HTML as typed (classic
 * editor, the API, imports): blank lines separate paragraphs, a single line break becomes
 * `<br />`, and block-level elements stay outside paragraphs. The rules below were learned from
 * the original's answers (test/fixtures/oracle, classes `f-`, `h-summary-text` and
 * `j-html-descriptions`); they are string rules, not a parse, because the original's quirks on
 * unbalanced HTML (`<p></p>` leaves a stray `</p>`, a blank line inside `<li>` opens a `<p>`) are
 * facts clients see. Patterns use explicit white space classes: PHP's `\s` does not match a
 * non-breaking space, JavaScript's does.
 */

import { replaceEnclosed } from './tagSpans'

/** White space as the original's patterns read it (space, tab, line feed, vertical tab, form feed, return). */
const WS = '[ \\t\\n\\x0B\\f\\r]'

/** Elements that are never put inside a paragraph. */
const BLOCK =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)'

const NEWLINE_IN_TAG = ' <!-- wpnl --> '
const KEPT_NEWLINE = '<WPPreserveNewline />'

/** Tags, comments and CDATA sections, as the original splits HTML when it looks inside tags. */
const MARKUP = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[^>]*>?/g

/** An element whose line breaks are code, up to its closing tag (`replaceEnclosed`). */
const CODE_ELEMENT = /<(script|style|svg|math)/g

const re = (source: string, flags = 'g') => new RegExp(source, flags)

/** `trim($text, $characters)` of PHP for a set of single characters. */
export function trimCharacters(text: string, characters: string): string {
  let start = 0
  let end = text.length
  while (start < end && characters.includes(text[start])) start++
  while (end > start && characters.includes(text[end - 1])) end--
  return text.slice(start, end)
}

/** PHP's `trim()` with its default characters, which is what the original applies to every description it returns. */
export const phpTrim = (text: string) => trimCharacters(text, ' \t\n\r\0\x0B')

/** `<pre>` sections are kept exactly: each is swapped for a placeholder element while the rest is laid out. */
function setPreAside(text: string): { text: string; pres: Map<string, string> } {
  const pres = new Map<string, string>()
  if (!text.includes('<pre')) return { text, pres }
  const parts = text.split('</pre>')
  const last = parts.pop() as string
  let out = ''
  parts.forEach((part) => {
    const start = part.indexOf('<pre')
    if (start === -1) {
      out += part
      return
    }
    const name = `<pre wp-pre-tag-${pres.size}></pre>`
    pres.set(name, `${part.slice(start)}</pre>`)
    out += part.slice(0, start) + name
  })
  return { text: out + last, pres }
}

/** A run of white space, line breaks included. */
const WHITE_RUN = re(`${WS}+`)

/**
 * `text.replace(/(?<!<br />)WS*\n/g, '<br />\n')`, in linear time: the pattern alone reads to the
 * end of a run of white space from each of its characters, so a run of 60,000 spaces cost
 * seconds (issue 25). The match it finds in a run ends at the run's last line break and starts
 * at the run's start, or one character later after a `<br />`.
 */
function lineBreaksAsBr(text: string): string {
  return text.replace(WHITE_RUN, (run: string, offset: number) => {
    const last = run.lastIndexOf('\n')
    const start = offset >= 6 && text.startsWith('<br />', offset - 6) ? 1 : 0
    return last < start ? run : `${run.slice(0, start)}<br />\n${run.slice(last + 1)}`
  })
}

export function autop(input: string, withBreaks = true): string {
  if (phpTrim(input) === '') return ''
  const aside = setPreAside(`${input}\n`)
  let text = aside.text

  // Two line breaks in a row end a paragraph.
  text = text.replace(re(`<br${WS}*/?>${WS}*<br${WS}*/?>`), '\n\n')
  // A blank line before each block element's start, after each block element's end and after a rule.
  text = text.replace(re(`(<${BLOCK}[ \\t\\n\\x0B\\f\\r/>])`), '\n\n$1')
  text = text.replace(re(`(</${BLOCK}>)`), '$1\n\n')
  text = text.replace(re(`(<hr${WS}*?/?>)`), '$1\n\n')
  text = text.replace(/\r\n|\r/g, '\n')
  // A line break inside a tag is not a line of text.
  text = text.replace(MARKUP, (markup) =>
    markup.includes('\n') ? markup.replaceAll('\n', NEWLINE_IN_TAG) : markup,
  )

  if (text.includes('<option')) {
    text = text.replace(re(`${WS}*<option`), '<option').replace(re(`</option>${WS}*`), '</option>')
  }
  if (text.includes('</object>')) {
    text = text
      .replace(re(`(<object[^>]*>)${WS}*`), '$1')
      .replace(re(`${WS}*</object>`), '</object>')
      .replace(re(`${WS}*(</?(?:param|embed)[^>]*>)${WS}*`), '$1')
  }
  if (text.includes('<source') || text.includes('<track')) {
    text = text
      .replace(re(`([<\\[](?:audio|video)[^>\\]]*[>\\]])${WS}*`), '$1')
      .replace(re(`${WS}*([<\\[]/(?:audio|video)[>\\]])`), '$1')
      .replace(re(`${WS}*(<(?:source|track)[^>]*>)${WS}*`), '$1')
  }
  if (text.includes('<figcaption')) {
    text = text
      .replace(re(`${WS}*(<figcaption[^>]*>)`), '$1')
      .replace(re(`</figcaption>${WS}*`), '</figcaption>')
  }

  text = text.replace(/\n\n+/g, '\n\n')
  text = text
    .split(re(`\\n${WS}*\\n`))
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${trimCharacters(paragraph, '\n')}</p>\n`)
    .join('')

  // Paragraphs around nothing, or around a block element's own tags, are undone.
  text = text.replace(re(`<p>${WS}*</p>`), '')
  text = text.replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>')
  text = text.replace(re(`<p>${WS}*(</?${BLOCK}[^>]*>)${WS}*</p>`), '$1')
  text = text.replace(/<p>(<li[^\n]+?)<\/p>/g, '$1')
  text = text.replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>')
  text = text.replaceAll('</blockquote></p>', '</p></blockquote>')
  text = text.replace(re(`<p>${WS}*(</?${BLOCK}[^>]*>)`), '$1')
  text = text.replace(re(`(</?${BLOCK}[^>]*>)${WS}*</p>`), '$1')

  if (withBreaks) {
    // Line breaks inside scripts, styles and drawings are code, not text.
    text = replaceEnclosed(
      text,
      CODE_ELEMENT,
      (opening) => `</${opening[1]}>`,
      (element) => element.replaceAll('\n', KEPT_NEWLINE),
    )
    text = text.replaceAll('<br>', '<br />').replaceAll('<br/>', '<br />')
    text = lineBreaksAsBr(text)
    text = text.replaceAll(KEPT_NEWLINE, '\n')
  }

  text = text.replace(re(`(</?${BLOCK}[^>]*>)${WS}*<br />`), '$1')
  text = text.replace(re(`<br />(${WS}*</?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)`), '$1')
  text = text.replace(/\n<\/p>$/, '</p>')

  for (const [name, pre] of aside.pres) text = text.replaceAll(name, () => pre)
  if (text.includes('<!-- wpnl -->'))
    text = text.replaceAll(NEWLINE_IN_TAG, '\n').replaceAll('<!-- wpnl -->', '\n')
  return text
}
