import { describe, expect, it } from 'vitest'

import { excerptAsTyped, summaryFromJsonLd } from './text'

// The source's answers are the original's (test/fixtures/oracle, j-html-descriptions: excerpts 259–265).
describe('excerptAsTyped', () => {
  it('gives back the typed text of an excerpt the source laid out in paragraphs and line breaks', () => {
    expect(excerptAsTyped('<p>Para 1</p>\n<p>Para 2</p>')).toBe('Para 1\n\nPara 2')
    expect(excerptAsTyped('<p>Two<br />\nlines</p>')).toBe('Two\nlines')
    expect(excerptAsTyped('<p>P excerpt</p>')).toBe('P excerpt')
  })

  it('keeps any other HTML as the source returned it', () => {
    for (const html of [
      '<p><b>b</b> &amp; x</p>',
      '<p>a<br>b</p>',
      '<p>a</p><p>b</p>',
      'plain',
      '<div>x</div>',
    ])
      expect(excerptAsTyped(html)).toBe(html)
  })
})

describe('summaryFromJsonLd', () => {
  it('undoes only the script escaping of one paragraph, keeping its entities', () => {
    expect(summaryFromJsonLd('&lt;p&gt;x &lt; y z&lt;/p&gt;\\n')).toBe('x &lt; y z')
    expect(summaryFromJsonLd("&lt;p&gt;It\\'s &quot;on&quot;&lt;/p&gt;\\n")).toBe(
      "It's &quot;on&quot;",
    )
    expect(summaryFromJsonLd('plain')).toBeNull()
  })
})
