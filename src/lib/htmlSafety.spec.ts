import { describe, expect, it } from 'vitest'

import { carriesScript, htmlAsKept } from './htmlSafety'
import { renderPostContent } from './postContent'

const kept = (html: string, unfiltered: boolean) =>
  htmlAsKept(html, { unfiltered, alsoCheck: renderPostContent })

describe('htmlAsKept', () => {
  it('keeps safe HTML of an editor byte for byte, block markup and odd spacing included', () => {
    const html =
      '<!-- wp:paragraph -->\n<p class="x">A &amp; b & c</p>\n<!-- /wp:paragraph -->\n<div>  two  spaces<BR>x</div><iframe src="https://www.youtube.com/embed/x"></iframe><style>p{}</style>'
    expect(kept(html, true)).toBe(html)
  })

  it.each([
    ['<script>alert(1)</script><p>after</p>', '<p>after</p>'],
    ['<p onclick="alert(2)">Click</p>', '<p>Click</p>'],
    ['<a href=" JaVa&#x09;script:alert(3)">js</a>', '<a>js</a>'],
    ['<img src="x" onerror="alert(4)">', '<img src="x">'],
    ['<img src="x" onerror="alert(4)"/>', '<img src="x" />'],
    ['<svg><script>alert(5)</script></svg>ok', 'ok'],
    ['<iframe srcdoc="<script>alert(6)</script>"></iframe>', '<iframe></iframe>'],
    ['<meta http-equiv="refresh" content="0;url=javascript:alert(7)">x', 'x'],
  ])('takes out what runs script, even from an administrator: %s', (html, expected) => {
    expect(kept(html, true)).toBe(expected)
    expect(carriesScript(kept(html, false))).toBe(false)
  })

  it('reads HTML as a browser does: a comment closed early does not hide a tag', () => {
    expect(carriesScript('<!--> <img src=x onerror=alert(1)> -->')).toBe(true)
    expect(carriesScript(kept('<!--> <img src=x onerror=alert(1)> -->', true))).toBe(false)
  })

  it('checks the HTML as it is rendered too: a block delimiter inside an attribute is dropped there', () => {
    const html = '<a href="<!-- wp:x -->javascript:alert(1)">x</a>'
    expect(carriesScript(html)).toBe(false)
    expect(carriesScript(renderPostContent(kept(html, true)))).toBe(false)
  })

  it("keeps only a post's tags and attributes for an author or contributor, block markup included", () => {
    const html =
      '<!-- wp:paragraph -->\n<p class="a" data-x="1">A <b>b</b></p>\n<!-- /wp:paragraph -->\n<form action="/x"><input name="q"></form><iframe src="https://example.com"></iframe><div style="color:red">d</div>'
    expect(kept(html, false)).toBe(
      '<!-- wp:paragraph -->\n<p class="a" data-x="1">A <b>b</b></p>\n<!-- /wp:paragraph -->\n<div style="color:red">d</div>',
    )
    // The text of an element taken out stays, as text.
    expect(
      kept(
        '<script>steal()</script><style>p{}</style><textarea><img src=x onerror=steal()></textarea>',
        false,
      ),
    ).toBe('steal()p{}&lt;img src=x onerror=steal()&gt;')
  })
})
