import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { replaceEnclosed, replaceTags, splitTags, stripTags } from './tagSpans'
import { withoutShortcodes } from './summaryText'

/*
 * The linear forms of patterns that read the rest of a text again from each `<`, `[` or `&`
 * (issue 25) give exactly what the patterns give: checked on texts made of the characters that
 * matter to them.
 */
const text = (characters: string[]) =>
  fc.array(fc.constantFrom(...characters), { maxLength: 40 }).map((parts) => parts.join(''))
const markup = text([
  '<',
  '>',
  '/',
  'a',
  'b',
  ' ',
  '\n',
  '[',
  ']',
  '&',
  ';',
  '-',
  '!',
  'script',
  'style',
  '</script>',
  '</style>',
])

describe('linear forms of tag, shortcode and element patterns', () => {
  it('stripTags and replaceTags are /<[^>]*>/g', () => {
    fc.assert(
      fc.property(markup, (html) => {
        expect(stripTags(html)).toBe(html.replace(/<[^>]*>/g, ''))
        expect(replaceTags(html, (tag) => `{${tag.length}}`)).toBe(
          html.replace(/<[^>]*>/g, (tag) => `{${tag.length}}`),
        )
      }),
      { numRuns: 2000 },
    )
  })

  it('splitTags is split(/(<[^>]*>)/)', () => {
    fc.assert(
      fc.property(markup, (html) => {
        expect(splitTags(html)).toEqual(html.split(/(<[^>]*>)/))
      }),
      { numRuns: 2000 },
    )
  })

  it('withoutShortcodes is /\\[[^\\n]+?\\]/g', () => {
    fc.assert(
      fc.property(markup, (html) => {
        expect(withoutShortcodes(html)).toBe(html.replace(/\[[^\n]+?\]/g, ''))
      }),
      { numRuns: 2000 },
    )
  })

  it('replaceEnclosed is /<(script|style)[\\s\\S]*?<\\/\\1>/g', () => {
    fc.assert(
      fc.property(markup, (html) => {
        const upper = (element: string) => element.toUpperCase()
        expect(
          replaceEnclosed(html, /<(script|style)/g, (opening) => `</${opening[1]}>`, upper),
        ).toBe(html.replace(/<(script|style)[\s\S]*?<\/\1>/g, upper))
      }),
      { numRuns: 2000 },
    )
  })
})
