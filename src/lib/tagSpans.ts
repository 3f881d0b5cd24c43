/*
 * `<` up to the next `>`, found in time linear in the text. The plain pattern `/<[^>]*>/g` tries
 * again from every `<` that has no `>` after it, each try reading to the end: 40,000 `<` cost
 * seconds (issue 25). Where one `<` has no `>` after it, no later one has either, so a match that
 * reaches the end without a `>` takes the rest of the text at once, and is left as it is.
 */
const TAG_OR_REST = /<[^>]*(>)?/g

/** `html.replace(/<[^>]*>/g, replacement)`, in linear time. */
export function replaceTags(html: string, replacement: (tag: string) => string): string {
  return html.replace(TAG_OR_REST, (match: string, close?: string) =>
    close ? replacement(match) : match,
  )
}

/** `html.replace(/<[^>]*>/g, '')`: the text without its tags, in linear time. */
export const stripTags = (html: string): string => replaceTags(html, () => '')

/** `html.split(/(<[^>]*>)/)`: text and tags in turn (tags at odd indexes), in linear time. */
export function splitTags(html: string): string[] {
  const pieces: string[] = []
  let at = 0
  for (const match of html.matchAll(TAG_OR_REST)) {
    if (!match[1]) break
    pieces.push(html.slice(at, match.index), match[0])
    at = match.index + match[0].length
  }
  pieces.push(html.slice(at))
  return pieces
}

/**
 * `text.replace(/OPEN[\s\S]*?CLOSE/g, replace)`, where CLOSE is a fixed text chosen by what OPEN
 * matched (`</script>` after `<script`), in linear time: the plain pattern reads to the end from
 * every opening that is never closed. Once a closing text is known to be missing from some point
 * on, it is not looked for again. `open` must be global and find each opening in bounded time.
 */
export function replaceEnclosed(
  text: string,
  open: RegExp,
  closeOf: (opening: RegExpExecArray) => string,
  replace: (whole: string, opening: RegExpExecArray) => string,
): string {
  const missing = new Set<string>()
  let out = ''
  let at = 0
  open.lastIndex = 0
  for (let opening = open.exec(text); opening; opening = open.exec(text)) {
    const close = closeOf(opening)
    const end = missing.has(close) ? -1 : text.indexOf(close, opening.index + opening[0].length)
    if (end === -1) {
      missing.add(close)
      open.lastIndex = opening.index + 1
      continue
    }
    out +=
      text.slice(at, opening.index) +
      replace(text.slice(opening.index, end + close.length), opening)
    at = open.lastIndex = end + close.length
  }
  return out + text.slice(at)
}
