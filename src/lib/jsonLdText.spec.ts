import { describe, expect, it } from 'vitest'

import { jsonLdText } from './jsonLdText'
import { texturize } from './texturize'

/* What WordPress's `esc_js` gives, which the original's JSON-LD names and descriptions go through. */
describe('jsonLdText: a text in the JSON-LD, as esc_js writes it', () => {
  it('escapes a tag and keeps the entities (e-json-ld-019)', () => {
    expect(jsonLdText(texturize('Private: Secret "quoted" & <b>'))).toBe(
      'Private: Secret &#8220;quoted&#8221; &#038; &lt;b&gt;',
    )
  })

  it.each([
    ['a straight quote left in a tag', '<i title="x">', '&lt;i title=&quot;x&quot;&gt;'],
    ['a quote entity becomes an escaped quote', 'It&#39;s', "It\\'s"],
    [
      'an unknown entity name is escaped',
      '&Kids; &hellip; &apos;',
      '&amp;Kids; &hellip; &amp;apos;',
    ],
    ['an entity of no character is escaped', '&#0; &#xD800;', '&amp;#0; &amp;#xD800;'],
    ['entities in their normal form', '&#0065; &#X00e9;', '&#065; &#xe9;'],
    ['a backslash escapes the next character', 'A\\B \\\\ C', 'AB \\\\ C'],
    ['a line break', 'One\r\nTwo', 'One\\nTwo'],
    [
      'an apostrophe of a description (checked: esc_js on the original)',
      "<p>Children's day</p>",
      "&lt;p&gt;Children\\'s day&lt;/p&gt;",
    ],
  ])('%s: %j', (_, title, name) => {
    expect(jsonLdText(title)).toBe(name)
  })
})
