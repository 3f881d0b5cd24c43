import type { SanitizedConfig } from 'payload'

import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'

import { asWordPressRenders } from '../../endpoints/descriptionFormat'
import { autop, phpTrim } from '../../src/lib/autop'
import { blocksForSummary, renderBlocks } from '../../src/lib/blockMarkup'
import { parseCost, parseCostAsTheApi, shownAmounts } from '../../src/lib/cost'
import { nestsDeeperThan } from '../../src/lib/htmlDepth'
import { carriesScript, htmlAsKept } from '../../src/lib/htmlSafety'
import { jsonLdText } from '../../src/lib/jsonLdText'
import { calendarDateOf, parsePhpDateTime } from '../../src/lib/phpDate'
import { renderExcerpt, renderPostContent } from '../../src/lib/postContent'
import { htmlToLexical, lexicalToHtml } from '../../src/lib/richText'
import { findLikeFragments, postSearchTerms } from '../../src/lib/searchTerms'
import { toSlug } from '../../src/lib/wpSlug'
import { convertSmilies } from '../../src/lib/smilies'
import { sentSummaryText, summaryTextOf, withoutShortcodes } from '../../src/lib/summaryText'
import { splitTags, stripTags } from '../../src/lib/tagSpans'
import { TEXT_LIMITS } from '../../src/lib/textLimits'
import { convertChars, texturize, texturizeHtml, typedTitle } from '../../src/lib/texturize'

/*
 * Issue 25, finding 9: every text routine takes time linear in its input. Each is given
 * 100,000-character inputs built from what made patterns read the text again and again (runs of
 * white space, `<`, `&`, `:`, `-`, brackets, quotes, unclosed comments and code elements, nested
 * tags, smileys, amounts), and each call must take at most 50 ms of processor time (`cpuMsOf`:
 * not the clock's, which the machine's load stretches). The routines that parse and sanitize whole
 * documents cost more than that on any 100,000 characters, ordinary text included: for them the
 * cost must grow linearly with the text (the quadratic work this replaced took seconds, growing
 * sixteenfold for four times the text).
 */
const LENGTH = 100_000
const BUDGET_MS = 50

const UNITS = [
  ' ',
  '\t',
  '\n',
  '\r\n',
  ' \n',
  '\n\n',
  '<',
  '>',
  '&',
  ':',
  '-',
  '--',
  '.',
  '[',
  ']',
  '"',
  "'",
  '\\',
  '1',
  '1,',
  '1.1',
  '$1 ',
  '<p>',
  '</p>',
  '<p ',
  '<b><i>',
  '<div>',
  '<li>',
  '<br>',
  '<br />\n',
  '<blockquote>',
  '<pre>',
  '<script>',
  '<style>',
  '<svg>',
  '<!--',
  '<!-- wp:',
  '<!-- wp:paragraph -->',
  '<![CDATA[',
  '<a href="',
  ' a="',
  '&amp;',
  '&#',
  '&#1',
  '&a',
  '&nbsp;',
  ':) ',
  ':-) ',
  '8O ',
  ':mrgreen: ',
  '[a ',
  '[caption ',
  'xn--',
  '(tm) ',
  '9x9 ',
  '"a ',
  "'a ",
  'a ',
  'x',
]

const fill = (unit: string, length: number) =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, length)

/** An adversarial input of any length: one unit (or two in turn) between some text. */
const adversarial = fc
  .record({
    after: fc.constantFrom('', 'x', 'x</p>', '\n', '-->', ']'),
    before: fc.constantFrom('', 'x', '<p>x', 'a\n', '<pre>'),
    other: fc.constantFrom('', ...UNITS),
    unit: fc.constantFrom(...UNITS),
  })
  .map(
    ({ after, before, other, unit }) =>
      (length: number) =>
        `${before}${fill(unit + other, length)}${after}`,
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
}

/**
 * What reads HTML with a parser (parse5's scope checks take time growing with the depth): HTML
 * nested deeper than `TEXT_LIMITS.htmlDepth` is refused before it reaches them
 * (test/request-bounds.test.ts), so such input is not theirs to take.
 */
const PARSING: Record<string, (text: string) => unknown> = {
  carriesScript,
  htmlAsKeptFiltered: (text) =>
    htmlAsKept(text, { unfiltered: false, alsoCheck: renderPostContent }),
  htmlAsKeptUnfiltered: (text) =>
    htmlAsKept(text, { unfiltered: true, alsoCheck: renderPostContent }),
}

const tooDeep = (text: string) => nestsDeeperThan(text, TEXT_LIMITS.htmlDepth)

/**
 * The processor time this process spent on one call, in ms. Unlike the clock's time it does not
 * count the moments other processes had the processor (the tests run beside other test files, on
 * a machine whose load may be far above its cores), so a linear routine's cost does not grow with
 * the machine's load; a quadratic one's still grows sixteenfold for four times the text.
 */
async function cpuMsOf(routine: (text: string) => unknown, text: string): Promise<number> {
  const before = process.cpuUsage()
  await routine(text)
  const spent = process.cpuUsage(before)
  return (spent.user + spent.system) / 1000
}

/**
 * The best of `runs` calls: a garbage collection in one of them is not the routine's cost. Calls
 * stop once the best is under `enough`: more could only lower it.
 */
async function costOf(
  routine: (text: string) => unknown,
  text: string,
  enough: number,
  runs = 3,
): Promise<number> {
  let best = Infinity
  for (let run = 0; run < runs; run++) {
    best = Math.min(best, await cpuMsOf(routine, text))
    if (best < enough) break
  }
  return best
}

/** The inputs of issue 25's findings (at 100,000 characters: 60,000 spaces, 40,000 `<` and `&`), and nesting that overflowed the stack. */
const FINDINGS = [
  (length: number) => `x${' '.repeat(length * 0.6)}x`,
  (length: number) => '<'.repeat(length * 0.4),
  (length: number) => '&'.repeat(length * 0.4),
  (length: number) => fill('<div>', length),
  (length: number) => fill('<!-- wp:paragraph -->', length),
]

/**
 * Each call within 50 ms of processor time at 100,000 characters; where the routine's own
 * constant cost is above that (the parsers, tag-dense layouts), the cost must at least grow
 * linearly: four times the text, at most eight times the time and 50 ms (linear work takes four
 * times, quadratic work sixteen; caches shared with other processes still move single calls).
 */
async function expectLinear(
  name: string,
  routine: (text: string) => unknown,
  refused: (text: string) => boolean = () => false,
) {
  const check = async (make: (length: number) => string) => {
    const text = make(LENGTH)
    if (refused(text)) return
    const first = await costOf(routine, text, Infinity, 1)
    if (first < BUDGET_MS) return
    // The quarter's best of three (none skipped: a lower quarter makes the bound stricter), then
    // the whole text's best of three, ended as soon as one run is under the bound.
    const quarter = await costOf(routine, make(LENGTH / 4), 0)
    const bound = 8 * quarter + BUDGET_MS
    const ms = first < bound ? first : Math.min(first, await costOf(routine, text, bound, 2))
    expect(
      ms,
      `${name}(${JSON.stringify(text.slice(0, 24))}…) took ${ms.toFixed(0)} ms, ${quarter.toFixed(0)} ms on a quarter of it`,
    ).toBeLessThan(bound)
  }
  for (const make of FINDINGS) await check(make)
  await fc.assert(fc.asyncProperty(adversarial, check), { numRuns: 6 })
}

/**
 * Processor time still moves a little with what shares the caches; a routine that is truly
 * quadratic fails every attempt, with its new inputs too.
 */
const TIMED = { retry: 2 }

describe('every text routine takes linear time (100,000-character adversarial inputs)', () => {
  for (const [name, routine] of Object.entries(ROUTINES)) {
    it(name, { ...TIMED, timeout: 240_000 }, () => expectLinear(name, routine))
  }
  for (const [name, routine] of Object.entries(PARSING)) {
    it(name, { ...TIMED, timeout: 240_000 }, () => expectLinear(name, routine, tooDeep))
  }

  describe('the rich text', () => {
    let config: SanitizedConfig
    beforeAll(async () => {
      const { default: built } = await import('../../payload.config')
      config = await built
      // The first conversion loads the HTML parser: not what is measured.
      await htmlToLexical('<p>warm</p>', config)
    })

    // HTML nested deeper than the bound is refused before it is converted (test/request-bounds.test.ts).
    it('htmlToLexical and back', { ...TIMED, timeout: 300_000 }, () =>
      expectLinear(
        'htmlToLexical',
        async (text) => lexicalToHtml(await htmlToLexical(text, config)),
        tooDeep,
      ),
    )
  })
})
