import { describe, expect, it } from 'vitest'

import { texturize, texturizeHtml } from './texturize'

/*
 * Titles as the original returns them (its `title`, `venue` and `organizer`). The first cases are the
 * original's own answers (docs/compatibility.md, "Titles"; test/fixtures/oracle/responses/e-json-ld-005);
 * the rest were checked against WordPress 7.0.4's title filter on this machine's original (its
 * formatting code run on each input), one rule each.
 */
const ORIGINAL: [typed: string, returned: string][] = [
  ["Kids' Day", 'Kids&#8217; Day'],
  ['Rock & Roll', 'Rock &#038; Roll'],
  ['R&amp;B', 'R&amp;B'],
  ['"Quoted"', '&#8220;Quoted&#8221;'],
  ["'Tis the season", '&#8216;Tis the season'],
  ['Wait...', 'Wait&#8230;'],
  ['A -- B', 'A &#8212; B'],
  ['Mix --- dash', 'Mix &#8212; dash'],
  ['A - B', 'A &#8211; B'],
  ['9\'5"', '9&#8217;5&#8243;'],
  ['2x3', '2&#215;3'],
  ['Brand (tm)', 'Brand &#8482;'],
  ['Secret "quoted" & <b>', 'Secret &#8220;quoted&#8221; &#038; <b>'],
]

const RULES: [rule: string, typed: string, returned: string][] = [
  ['a word that starts with an apostrophe', "'tis the season", '&#8217;tis the season'],
  ['a quotation in single quotes', "He said 'hi' twice", 'He said &#8216;hi&#8217; twice'],
  ['quotes around a letter', "Rock 'n' roll", 'Rock &#8216;n&#8217; roll'],
  ['apostrophes inside words', "It's 5 o'clock", 'It&#8217;s 5 o&#8217;clock'],
  ['a closing quote before punctuation', '"Hello," she said', '&#8220;Hello,&#8221; she said'],
  ['a double prime after a digit', '12" pizza', '12&#8243; pizza'],
  ['a prime after a digit', "A 6' wall", 'A 6&#8242; wall'],
  ['an abbreviated year', "The '90s", 'The &#8217;90s'],
  ['an abbreviated year in quotes', "'99'", '&#8217;99&#8217;'],
  ['a quoted number', "'0.42'", '&#8216;0.42&#8217;'],
  ['a quoted number in double quotes', '"42"', '&#8220;42&#8221;'],
  ['a trailing apostrophe', "Kids'", 'Kids&#8217;'],
  ['two backticks and two quotes', "``Quoted''", '&#8220;Quoted&#8221;'],
  ['a double quote before a space closes', 'Say " hello', 'Say &#8221; hello'],
  ['a quote after a bracket opens', "Party ('Live')", 'Party (&#8216;Live&#8217;)'],
  ['a dash between words stays', 'Well-known', 'Well-known'],
  ['two dashes between words: an en dash', 'Mon--Fri', 'Mon&#8211;Fri'],
  ['three dashes between words: an em dash', 'Now---later', 'Now&#8212;later'],
  ['a punycode host keeps its dashes', 'xn--bcher-kva.example', 'xn--bcher-kva.example'],
  ['a dash at the start', '- Intro', '&#8211; Intro'],
  ['a times sign between numbers', '10x20 canvas', '10&#215;20 canvas'],
  ['no times sign in hexadecimal', '0x9999', '0x9999'],
  ['a times sign needs a digit on both sides', 'x2 and 2x', 'x2 and 2x'],
  ['an ellipsis in the middle', 'And...then', 'And&#8230;then'],
  ['a trade mark needs the space', 'Brand(tm)', 'Brand(tm)'],
  ['entities are kept', 'Caf&eacute; &#8217; &#x2019;', 'Caf&eacute; &#8217; &#x2019;'],
  ['an & before a too short name', 'A &x; B', 'A &#038;x; B'],
  ['an & at the end', 'Salt &', 'Salt &#038;'],
  ['typed curly quotes stay characters', 'Kids’ “Day”', 'Kids’ “Day”'],
  [
    'text in a tag is left alone',
    'Big <span title="a \'b\'">"Day"</span>',
    'Big <span title="a \'b\'">&#8220;Day&#8221;</span>',
  ],
  ['an & in a tag is escaped', '<a href="?a=1&b=2">x</a>', '<a href="?a=1&#038;b=2">x</a>'],
  [
    'code is left alone',
    'Use <code>"x" -- y</code> "now"',
    'Use <code>"x" -- y</code> &#8220;now&#8221;',
  ],
  ['a comment is left alone', 'A <!-- "x" --> "B"', 'A <!-- "x" --> &#8220;B&#8221;'],
  ['a < without a > makes the rest a tag', 'A < B "C"', 'A < B "C"'],
  ['a no-break space counts as a space', 'A\u00a0-\u00a0B', 'A\u00a0&#8211;\u00a0B'],
  ['&nbsp; counts as a space', "A&nbsp;'B'", 'A&nbsp;&#8216;B&#8217;'],
  ['spaces around are trimmed', '  Padded  ', 'Padded'],
  ['a no-break space around is kept', '\u00a0Padded', '\u00a0Padded'],
  [
    'several closing candidates in one quotation',
    "'Rock' 'n' 5' roll'",
    '&#8216;Rock&#8217; &#8216;n&#8217; 5&#8242; roll&#8217;',
  ],
  [
    'quotes with digits only: the last before a period closes',
    "'5' 6'.",
    '&#8216;5&#8217; 6&#8242;.',
  ],
  ['non-ASCII text around', "Café 'Le Monde'", 'Caf\u00e9 &#8216;Le Monde&#8217;'],
  ['an empty title', '', ''],
  [
    'a registered shortcode is left, but for its & (convert_chars)',
    '[gallery ids="1" & x] "Show" ',
    '[gallery ids="1" &#038; x] &#8220;Show&#8221;',
  ],
  [
    'an unknown shortcode is text',
    '[unknown a="1"] & more',
    '[unknown a=&#8221;1&#8243;] &#038; more',
  ],
]

describe('texturize: titles as the original returns them', () => {
  it.each(ORIGINAL)('the original answered %j with %j', (typed, returned) => {
    expect(texturize(typed)).toBe(returned)
  })

  it.each(RULES)('%s: %j', (_, typed, returned) => {
    expect(texturize(typed)).toBe(returned)
  })

  it('leaves a title it already returned as it is', () => {
    for (const [, returned] of ORIGINAL) expect(texturize(returned)).toBe(returned)
  })
})

/*
 * HTML as the original's content and excerpt filters texturize it (before paragraphs are laid out),
 * each checked against WordPress 7.0.4's `wptexturize` on this machine's original, with the
 * shortcodes it registers. Unlike a title: no `&` rewritten by `convert_chars`, nothing trimmed.
 */
const HTML_RULES: [rule: string, sent: string, texturized: string][] = [
  [
    'a bare & in an attribute',
    '<a href="https://example.com/x?a=1&b=2">l</a>',
    '<a href="https://example.com/x?a=1&#038;b=2">l</a>',
  ],
  [
    'entities stay, a bare & does not',
    'Tom &amp; Jerry &lt;3 &nbsp; &#x2014; & bare',
    'Tom &amp; Jerry &lt;3 &nbsp; &#x2014; &#038; bare',
  ],
  [
    'entity-like words up to eight letters or digits 1–4',
    'x &Foo1; &a1234; &abcdefghi; &5; &#;',
    'x &Foo1; &a1234; &#038;abcdefghi; &#038;5; &#038;#;',
  ],
  ['text between tags, each run on its own', '<b>"</b>x"', '<b>&#8220;</b>x&#8221;'],
  [
    'runs of white space only are left',
    '<p>x</p>\n\n<p>"y"</p>',
    '<p>x</p>\n\n<p>&#8220;y&#8221;</p>',
  ],
  [
    'code elements are left, & too',
    '<code class="x">"a" & b</code>"b"',
    '<code class="x">"a" & b</code>&#8220;b&#8221;',
  ],
  [
    'nested code elements',
    '<pre><pre>"x"</pre>"y"</pre>"z"',
    '<pre><pre>"x"</pre>"y"</pre>&#8220;z&#8221;',
  ],
  [
    'a closing tag that is not the innermost one is ignored',
    '<pre><code>"x"</pre>"y"</code>"z"',
    '<pre><code>"x"</pre>"y"</code>"z"',
  ],
  [
    'element names as written',
    '<CODE>"a"</CODE>"b"',
    '<CODE>&#8220;a&#8221;</CODE>&#8220;b&#8221;',
  ],
  [
    'a name ends at a space only',
    '<pre\n>"y"</pre>"z"',
    '<pre\n>&#8220;y&#8221;</pre>&#8220;z&#8221;',
  ],
  ['a textarea is texturized', '<textarea>"a"</textarea>', '<textarea>&#8220;a&#8221;</textarea>'],
  ['a comment is left, & too', 'a<!-- "x" & -->"b"', 'a<!-- "x" & -->&#8220;b&#8221;'],
  ['an unknown shortcode is text', '[unknown attr="1"]', '[unknown attr=&#8221;1&#8243;]'],
  [
    'a registered shortcode is left, & too',
    '[caption title="x & y"]"y"[/caption]',
    '[caption title="x & y"]&#8220;y&#8221;[/caption]',
  ],
  [
    "text between a shortcode's tags is texturized",
    '[embed]http://x?a=1&b=2[/embed]',
    '[embed]http://x?a=1&#038;b=2[/embed]',
  ],
  [
    "The Events Calendar's shortcodes",
    '[tribe:event-details a="b"] [tec_event_qr "a"]',
    '[tribe:event-details a="b"] [tec_event_qr "a"]',
  ],
  [
    'escaped shortcodes',
    '[[caption a="b"]] [[caption a="b"] [caption a="b"]]',
    '[[caption a="b"]] [[caption a="b"] [caption a="b"]]',
  ],
  [
    'a shortcode name ends at a space, / or ]',
    '[caption"x"] [captions a="b"] [caption-x a="b"] [caption/] "q"',
    '[caption&#8221;x&#8221;] [captions a=&#8221;b&#8221;] [caption-x a=&#8221;b&#8221;] [caption/] &#8220;q&#8221;',
  ],
  ['names as written', '[Caption a="b"]', '[Caption a=&#8221;b&#8221;]'],
  ['a shortcode ends at its first ]', '[caption a="b]"]', '[caption a="b]&#8220;]'],
  ['no [ inside a shortcode', '[caption a="[b]"]', '[caption a=&#8221;[b]&#8221;]'],
  ['whole tags inside a shortcode', '[caption a="<b x="1">"]', '[caption a="<b x="1">"]'],
  ['an unclosed tag ends a shortcode', '[caption "a" <i]', '[caption &#8220;a&#8221; <i]'],
  ['an unclosed shortcode is text', '[gallery a="b"', '[gallery a=&#8221;b&#8221;'],
  ['shortcodes inside code are left', '<pre>[caption "a"]"b"</pre>', '<pre>[caption "a"]"b"</pre>'],
  ['padding is kept', '  "a"  ', '  &#8220;a&#8221;  '],
]

describe('texturizeHtml: descriptions and excerpts as the original typesets them', () => {
  it.each(HTML_RULES)('%s: %j', (_, sent, texturized) => {
    expect(texturizeHtml(sent)).toBe(texturized)
  })
})
