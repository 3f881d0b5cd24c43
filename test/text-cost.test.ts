import type { SanitizedConfig } from 'payload'

import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'

import { asWordPressRenders } from '../endpoints/descriptionFormat'
import { autop, phpTrim } from '../src/lib/autop'
import { blocksForSummary, renderBlocks } from '../src/lib/blockMarkup'
import { parseCost, parseCostAsTheApi, shownAmounts } from '../src/lib/cost'
import { nestsDeeperThan } from '../src/lib/htmlDepth'
import { carriesScript, htmlAsKept } from '../src/lib/htmlSafety'
import { jsonLdText } from '../src/lib/jsonLdText'
import { calendarDateOf, parsePhpDateTime } from '../src/lib/phpDate'
import { renderExcerpt, renderPostContent } from '../src/lib/postContent'
import { htmlToLexical, lexicalToHtml } from '../src/lib/richText'
import { findLikeFragments, postSearchTerms } from '../src/lib/searchTerms'
import { toSlug } from '../src/lib/slug'
import { convertSmilies } from '../src/lib/smilies'
import { sentSummaryText, summaryTextOf, withoutShortcodes } from '../src/lib/summaryText'
import { splitTags, stripTags } from '../src/lib/tagSpans'
import { TEXT_LIMITS } from '../src/lib/textLimits'
import { convertChars, texturize, texturizeHtml, typedTitle } from '../src/lib/texturize'

/*
 * Issue 25, finding 9: every text routine takes time linear in its input. Each is given
 * 100,000-character inputs built from what made patterns read the text again and again (runs of
 * white space, `<`, `&`, `:`, `-`, brackets, quotes, unclosed comments and code elements, nested
 * tags, smileys, amounts), and each call must end within 50 ms. The routines that parse and
 * sanitize whole documents cost more than that on any 100,000 characters, ordinary text
 * included: for them the bound is four times their time on ordinary HTML of the same length
 * (linear work stays within it; the quadratic work this replaced took seconds).
 */
const LENGTH = 100_000
const BUDGET_MS = 50

const UNITS = [
  ' ', '\t', '\n', '\r\n', ' \n', '\n\n', '<', '>', '&', ':', '-', '--', '.', '[', ']', '"', "'", '\\', '1', '1,', '1.1', '$1 ',
  '<p>', '</p>', '<p ', '<b><i>', '<div>', '<li>', '<br>', '<br />\n', '<blockquote>', '<pre>', '<script>', '<style>', '<svg>',
  '<!--', '<!-- wp:', '<!-- wp:paragraph -->', '<![CDATA[', '<a href="', ' a="', '&amp;', '&#', '&#1', '&a', '&nbsp;',
  ':) ', ':-) ', '8O ', ':mrgreen: ', '[a ', '[caption ', 'xn--', '(tm) ', '9x9 ', '"a ', "'a ", 'a ', 'x',
]

const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)

/** An adversarial input: one unit (or two in turn) for 100,000 characters, between some text. */
const adversarial = fc
  .record({
    after: fc.constantFrom('', 'x', 'x</p>', '\n', '-->', ']'),
    before: fc.constantFrom('', 'x', '<p>x', 'a\n', '<pre>'),
    other: fc.constantFrom('', ...UNITS),
    unit: fc.constantFrom(...UNITS),
  })
  .map(({ after, before, other, unit }) => `${before}${fill(unit + other, LENGTH)}${after}`)

/** What most descriptions look like, at the same length. */
const ORDINARY = fill(
  '<p>The <strong>orchestra</strong> plays “Don’t stop” at 8pm &amp; 10pm — tickets $15–$25, see <a href="https://example.com/tickets">the site</a>.</p>\n\n',
  LENGTH,
)

const ROUTINES: Record<string, (text: string) => unknown> = {
  autop,
  autopWithoutBreaks: (text) => autop(text, false),
  phpTrim,
  texturizeHtml,
  texturize,
  convertChars,
  typedTitle,
  convertSmilies,
  toSlug,
  stripTags,
  splitTags,
  nestsDeeperThan: (text) => nestsDeeperThan(text, TEXT_LIMITS.htmlDepth),
  withoutShortcodes,
  summaryTextOf,
  sentSummaryText,
  renderBlocks,
  blocksForSummary,
  jsonLdText,
  renderPostContent,
  renderExcerpt,
  asWordPressRenders,
  postSearchTerms,
  findLikeFragments,
  parseCost,
  parseCostAsTheApi,
  shownAmounts,
  parsePhpDateTime: (text) => parsePhpDateTime(text, { now: new Date(), timeZone: 'UTC' }),
  calendarDateOf: (text) => calendarDateOf(text, { now: new Date(), timeZone: 'America/New_York' }),
  carriesScript,
  htmlAsKeptFiltered: (text) => htmlAsKept(text, { unfiltered: false, alsoCheck: renderPostContent }),
  htmlAsKeptUnfiltered: (text) => htmlAsKept(text, { unfiltered: true, alsoCheck: renderPostContent }),
}

/** The best of two runs: a garbage collection in one of them is not the routine's cost. */
async function costOf(routine: (text: string) => unknown, text: string): Promise<number> {
  let best = Infinity
  for (let run = 0; run < 2; run++) {
    const started = performance.now()
    await routine(text)
    best = Math.min(best, performance.now() - started)
    if (best < BUDGET_MS) break
  }
  return best
}

/** The inputs of issue 25's findings, and nesting that overflowed the stack. */
const FINDINGS = [`x${' '.repeat(60_000)}x`, '<'.repeat(40_000), '&'.repeat(40_000), '<div>'.repeat(20_000), fill('<!-- wp:paragraph -->', LENGTH)]

async function expectLinear(name: string, routine: (text: string) => unknown, refused: (text: string) => boolean = () => false) {
  const ordinary = await costOf(routine, ORDINARY)
  const budget = Math.max(BUDGET_MS, 4 * ordinary)
  const check = async (text: string) => {
    if (refused(text)) return
    const ms = await costOf(routine, text)
    expect(ms, `${name}(${JSON.stringify(text.slice(0, 24))}…) took ${ms.toFixed(0)} ms, over ${budget.toFixed(0)} ms`).toBeLessThan(budget)
  }
  for (const text of FINDINGS) await check(text)
  // The parsers cost seconds per input on a busy machine: fewer of them.
  await fc.assert(fc.asyncProperty(adversarial, check), { numRuns: ordinary > BUDGET_MS ? 3 : 8 })
}

describe('every text routine takes linear time (100,000-character adversarial inputs)', () => {
  for (const [name, routine] of Object.entries(ROUTINES)) {
    it(name, () => expectLinear(name, routine), 180_000)
  }

  describe('the rich text', () => {
    let config: SanitizedConfig
    beforeAll(async () => {
      const { default: built } = await import('../payload.config')
      config = await built
      // The first conversion loads the HTML parser: not what is measured.
      await htmlToLexical('<p>warm</p>', config)
    })

    // HTML nested deeper than the bound is refused before it is converted (test/request-bounds.test.ts).
    it('htmlToLexical and back', () => expectLinear('htmlToLexical', async (text) => lexicalToHtml(await htmlToLexical(text, config)), (text) => nestsDeeperThan(text, TEXT_LIMITS.htmlDepth)), 300_000)
  })
})
