import type { Payload, SanitizedConfig } from 'payload'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'

import { beforeAll, describe, expect, it } from 'vitest'

import { getTestPayload, unique } from '../../test/helpers/payload'
import { htmlToLexical, lexicalToHtml, lexicalToHtmlCacheStats } from './richText'

let config: SanitizedConfig
beforeAll(async () => {
  const { default: built } = await import('../../payload.config')
  config = await built
})

const roundTrip = async (html: string) => lexicalToHtml(await htmlToLexical(html, config))

const paragraph = (text: string): SerializedEditorState =>
  ({
    root: {
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'text', text, format: 0, detail: 0, mode: 'normal', style: '', version: 1 },
          ],
          direction: null,
          format: '',
          indent: 0,
          textFormat: 0,
          version: 1,
        },
      ],
      direction: null,
      format: '',
      indent: 0,
      version: 1,
    },
  }) as unknown as SerializedEditorState

describe('htmlToLexical → lexicalToHtml', () => {
  it.each([
    '<p>Hello</p>',
    '<p>Jazz Night number 25.</p>',
    '<p>Long <strong>description</strong></p>',
    '<p><em>x</em> and <a href="https://example.com/a?b=1&amp;c=2">a link</a></p>',
    '<h2>Title</h2><p>Text</p>',
    '<ul><li>one</li><li>two</li></ul>',
    '<ol><li>one</li><li>two</li></ol>',
    '<p>line one<br>line two</p>',
    '<blockquote>Quote</blockquote>',
    "<p>Soirée à l'Opéra – 20 €</p>",
    '<p>He said &quot;hi&quot; &amp; 1 &lt; 2 &gt; 0</p>',
    '<p>&nbsp;</p>',
    '<p><a href="https://example.com/" target="_blank" rel="noopener">new tab</a></p>',
    '<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>',
    '<ol start="3"><li>three</li></ol>',
    '<p><s>s</s><u>u</u><code>c</code><sub>b</sub><sup>p</sup><mark>m</mark><strong><em>be</em></strong></p>',
    '<hr><p>after a rule</p>',
  ])('keeps %s byte for byte', async (html) => {
    expect(await roundTrip(html)).toBe(html)
  })

  it('turns plain text into paragraphs: blank lines separate them, single newlines are <br>', async () => {
    expect(await roundTrip('Jazz Night number 25.')).toBe('<p>Jazz Night number 25.</p>')
    expect(await roundTrip('One\ntwo\n\nThree\r\n\r\n\r\nFour <b>bold</b>')).toBe(
      '<p>One<br>two</p><p>Three</p><p>Four <strong>bold</strong></p>',
    )
    expect(await roundTrip('Long <strong>description</strong>')).toBe(
      '<p>Long <strong>description</strong></p>',
    )
  })

  it('reads plain text as WordPress does: entities decode, stray < and & are text', async () => {
    expect(await roundTrip('Rock &amp; Roll')).toBe('<p>Rock &amp; Roll</p>')
    expect(await roundTrip('a < b & c > d </ e')).toBe('<p>a &lt; b &amp; c &gt; d &lt;/ e</p>')
  })

  it('decodes entities and writes the fixed escapes: &#39; becomes a plain quote', async () => {
    expect(await roundTrip('<p>Soirée à l&#39;Opéra &ndash; 20&nbsp;&euro;</p>')).toBe(
      "<p>Soirée à l'Opéra – 20&nbsp;€</p>",
    )
  })

  it('turns empty or whitespace-only input into null, and null into an empty string', async () => {
    expect(await htmlToLexical('', config)).toBeNull()
    expect(await htmlToLexical('  \n\t ', config)).toBeNull()
    expect(await htmlToLexical('<p></p><p> </p>', config)).toBeNull()
    expect(lexicalToHtml(null)).toBe('')
    expect(lexicalToHtml(undefined)).toBe('')
    expect(lexicalToHtml({ root: { children: [] } } as unknown as SerializedEditorState)).toBe('')
  })

  it('drops images instead of failing', async () => {
    const state = await htmlToLexical('<img src="x.png"><p>after</p>', config)
    expect(JSON.stringify(state)).not.toContain('upload')
    expect(lexicalToHtml(state)).toBe('<p>after</p>')
    expect(await roundTrip('<p>Inline <img src="x.png">image</p>')).toBe('<p>Inline image</p>')
    expect(
      await roundTrip('<figure><img src="a.png"><figcaption>Caption</figcaption></figure>'),
    ).toBe('<p>Caption</p>')
    expect(await htmlToLexical('<img src="x.png">', config)).toBeNull()
  })

  it('drops scripts, styles and iframes, and flattens tables into paragraphs', async () => {
    expect(
      await roundTrip(
        '<script>alert(1)</script><style>p{}</style><iframe src="x"></iframe><p>x</p>',
      ),
    ).toBe('<p>x</p>')
    expect(await roundTrip('<table><tr><td>a</td><td>b</td></tr></table>')).toBe('<p>a</p><p>b</p>')
  })

  it('normalizes markup to the forms it writes', async () => {
    expect(await roundTrip('<p>a<br />b</p>')).toBe('<p>a<br>b</p>')
    expect(await roundTrip('<p><b>b</b> <i>i</i></p>')).toBe('<p><strong>b</strong> <em>i</em></p>')
    expect(await roundTrip('<div>in a div</div>')).toBe('<p>in a div</p>')
    expect(await roundTrip('<p>a</p>\n\n<p>b</p>')).toBe('<p>a</p><p>b</p>')
    expect(await roundTrip('<p style="text-align:center">c</p>')).toBe(
      '<p style="text-align: center;">c</p>',
    )
  })

  it('opens target="_blank" links in a new tab with rel="noopener", and drops other rel values', async () => {
    const state = await htmlToLexical(
      '<p><a href="https://example.com/" target="_blank" rel="nofollow">x</a></p>',
      config,
    )
    expect(JSON.stringify(state)).toContain('"newTab":true')
    expect(lexicalToHtml(state)).toBe(
      '<p><a href="https://example.com/" target="_blank" rel="noopener">x</a></p>',
    )
  })

  it('keeps the text of links without a usable URL, and encodes spaces in URLs', async () => {
    expect(
      await roundTrip(
        '<p><a href="">e</a> <a>n</a> <a href="javascript:alert(1)">j</a> <a href="/my file.pdf">f</a></p>',
      ),
    ).toBe('<p>e n j <a href="/my%20file.pdf">f</a></p>')
  })

  it('produces states the richText field accepts', async () => {
    const payload: Payload = await getTestPayload()
    const html =
      '<img src="x.png"><h2>Title</h2><p><em>x</em> and <a href="https://example.com/a?b=1&amp;c=2" target="_blank">a link</a></p>' +
      '<ul><li>one</li><li>two</li></ul><blockquote>Quote</blockquote><p><a href="">empty</a></p>'
    const description = await htmlToLexical(html, payload.config)
    const venue = await payload.create({
      collection: 'venues',
      data: { name: unique('Rich text hall'), description } as never,
    })
    const read = await payload.findByID({ collection: 'venues', id: venue.id })
    expect(lexicalToHtml(read.description as SerializedEditorState)).toBe(
      '<h2>Title</h2><p><em>x</em> and <a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener">a link</a></p>' +
        '<ul><li>one</li><li>two</li></ul><blockquote>Quote</blockquote><p>empty</p>',
    )
  })
  it('gives back link URLs that Payload encodes when it saves them', async () => {
    const payload: Payload = await getTestPayload()
    const html =
      '<p><a href="/my%20file.pdf">f</a> <a href="/search?q=a+b">s</a> <a href="http://localhost:3000/x">l</a> ' +
      '<a href="https://example.com/a/b.html?x=1+2">a</a> <a href="mailto:x@example.com">m</a> <a href="#top">t</a></p>'
    const venue = await payload.create({
      collection: 'venues',
      data: {
        name: unique('Link hall'),
        description: await htmlToLexical(html, payload.config),
      } as never,
    })
    const read = await payload.findByID({ collection: 'venues', id: venue.id })
    expect(JSON.stringify(read.description)).toContain('%2Fsearch%3Fq%3Da%2Bb')
    expect(lexicalToHtml(read.description as SerializedEditorState)).toBe(html)
  })

  it('converts the same way however many conversions share a parser, with or without <style>', async () => {
    const withoutIds = (state: unknown) =>
      JSON.stringify(state).replace(/"id":"[0-9a-f]{24}"/g, '"id":"…"')
    const inputs = [
      '<p>a <strong>b</strong> <a href="https://example.com/">c</a><img src="x.png"></p>',
      '<style>p{}</style><ul><li>x</li></ul>',
    ]
    const first = await Promise.all(
      inputs.map(async (html) => withoutIds(await htmlToLexical(html, config))),
    )
    // More conversions than one parser window serves, so windows are replaced in between.
    for (let round = 0; round < 120; round++) {
      const html = inputs[round % inputs.length]!
      expect(withoutIds(await htmlToLexical(html, config))).toBe(first[round % inputs.length])
    }
    expect(await roundTrip(inputs[0]!)).toBe(
      '<p>a <strong>b</strong> <a href="https://example.com/">c</a></p>',
    )
    expect(await roundTrip(inputs[1]!)).toBe('<ul><li>x</li></ul>')
  })
})

describe('lexicalToHtml', () => {
  it('writes internal links as their text: the API has no URL for a document', () => {
    const state = paragraph('ignored')
    ;(state.root.children[0] as unknown as { children: unknown[] }).children = [
      {
        type: 'link',
        fields: { linkType: 'internal', newTab: false, doc: { relationTo: 'events', value: 1 } },
        children: [{ type: 'text', text: 'see this', format: 0, version: 1 }],
        version: 3,
      },
    ]
    expect(lexicalToHtml(state)).toBe('<p>see this</p>')
  })

  it('leaves out nodes it has no HTML for instead of writing "unknown node"', () => {
    const state = paragraph('kept')
    state.root.children.push({
      type: 'relationship',
      relationTo: 'events',
      value: 1,
      version: 2,
    } as never)
    state.root.children.push({ type: 'upload', relationTo: 'media', value: 1, version: 3 } as never)
    expect(lexicalToHtml(state)).toBe('<p>kept</p>')
  })

  it('writes a populated image upload as one <img>', () => {
    const state = paragraph('before')
    state.root.children.push({
      type: 'upload',
      relationTo: 'media',
      value: {
        id: 1,
        url: '/api/media/file/a "b".png',
        mimeType: 'image/png',
        width: 640,
        height: 480,
        alt: 'A & B',
      },
      fields: null,
      version: 3,
    } as never)
    expect(lexicalToHtml(state)).toBe(
      '<p>before</p><img src="/api/media/file/a &quot;b&quot;.png" alt="A &amp; B" width="640" height="480">',
    )
  })

  it('returns the cached string for equal content, held in distinct objects', () => {
    const text = `cached ${Date.now()}`
    const first = lexicalToHtml(paragraph(text))
    const before = lexicalToHtmlCacheStats()
    const second = lexicalToHtml(paragraph(text))
    const after = lexicalToHtmlCacheStats()
    expect(second).toBe(first)
    expect(second).toBe(`<p>${text}</p>`)
    expect(after.hits).toBe(before.hits + 1)
    expect(after.misses).toBe(before.misses)
    expect(after.size).toBe(before.size)
    expect(lexicalToHtml(paragraph(`${text}!`))).toBe(`<p>${text}!</p>`)
  })

  it('keeps the cache bounded, evicting the least recently used entry first', () => {
    const { maxSize } = lexicalToHtmlCacheStats()
    const kept = paragraph('kept warm')
    lexicalToHtml(kept)
    for (let i = 0; i < maxSize + 50; i++) {
      expect(lexicalToHtml(paragraph(`bulk ${i}`))).toBe(`<p>bulk ${i}</p>`)
      if (i % 100 === 0) lexicalToHtml(kept)
    }
    expect(lexicalToHtmlCacheStats().size).toBe(maxSize)
    const { hits } = lexicalToHtmlCacheStats()
    lexicalToHtml(kept)
    expect(lexicalToHtmlCacheStats().hits).toBe(hits + 1)
    const { misses } = lexicalToHtmlCacheStats()
    lexicalToHtml(paragraph('bulk 0'))
    expect(lexicalToHtmlCacheStats().misses).toBe(misses + 1)
  })
})
