/*
 * Text smileys as the original shows them in descriptions and excerpts (its `use_smilies`
 * setting is on by default): a code standing alone between white space (or a line's start and
 * end) becomes its emoji, outside tags and outside `code`, `pre`, `style`, `script` and
 * `textarea`. The table is the original's answer for each code
 * (test/fixtures/oracle/responses/j-html-descriptions-043-*); `:mrgreen:`, which it shows as an
 * image of its own site, is left as typed.
 */
import { splitTags } from './tagSpans'

const EMOJI: Record<string, string> = {
  ';-)': '😉',
  ';)': '😉',
  ':|': '😐',
  ':x': '😡',
  ':wink:': '😉',
  ':twisted:': '😈',
  ':smile:': '🙂',
  ':shock:': '😯',
  ':sad:': '🙁',
  ':roll:': '🙄',
  ':razz:': '😛',
  ':oops:': '😳',
  ':o': '😮',
  ':neutral:': '😐',
  ':mad:': '😡',
  ':lol:': '😆',
  ':idea:': '💡',
  ':grin:': '😀',
  ':evil:': '👿',
  ':eek:': '😮',
  ':cry:': '😥',
  ':cool:': '😎',
  ':arrow:': '➡',
  ':P': '😛',
  ':D': '😀',
  ':???:': '😕',
  ':?:': '❓',
  ':?': '😕',
  ':-|': '😐',
  ':-x': '😡',
  ':-o': '😮',
  ':-P': '😛',
  ':-D': '😀',
  ':-?': '😕',
  ':-)': '🙂',
  ':-(': '🙁',
  ':)': '🙂',
  ':(': '🙁',
  ':!:': '❗',
  '8O': '😯',
  '8-O': '😯',
  '8-)': '😎',
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
const SPACE = '(?:[\\r\\n\\t ]|\\u00A0|&nbsp;)'
const CODES = Object.keys(EMOJI)
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join('|')
const SMILEY = new RegExp(`(?<=${SPACE}|^)(?:${CODES})(?=${SPACE}|$)`, 'gm')
const IGNORED = /^<(code|pre|style|script|textarea)[^>]*>/

export function convertSmilies(html: string): string {
  let ignoredUntil = ''
  return splitTags(html)
    .map((piece) => {
      if (!ignoredUntil) ignoredUntil = IGNORED.exec(piece)?.[1] ?? ''
      const out =
        !ignoredUntil && piece.length > 0 && piece[0] !== '<'
          ? piece.replace(SMILEY, (code) => EMOJI[code])
          : piece
      if (ignoredUntil && piece === `</${ignoredUntil}>`) ignoredUntil = ''
      return out
    })
    .join('')
}
