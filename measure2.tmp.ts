import { autop, phpTrim } from './src/lib/autop'
import { texturizeHtml, texturize, convertChars, typedTitle } from './src/lib/texturize'
import { convertSmilies } from './src/lib/smilies'
import { toSlug } from './src/lib/slug'
import { carriesScript, htmlAsKept } from './src/lib/htmlSafety'
import { renderPostContent, renderExcerpt } from './src/lib/postContent'
import { summaryTextOf, sentSummaryText } from './src/lib/summaryText'
import { renderBlocks, blocksForSummary } from './src/lib/blockMarkup'
import { jsonLdText } from './src/lib/jsonLdText'
import { postSearchTerms, findLikeFragments, containsPattern } from './src/lib/searchTerms'
import { parseCost, parseCostAsTheApi, shownAmounts } from './src/lib/cost'
import { asWordPressRenders } from './endpoints/descriptionFormat'
const routines: Record<string, (s: string) => unknown> = {
  autop, autopNoBr: (s) => autop(s, false), phpTrim, texturizeHtml, texturize, convertChars, typedTitle, convertSmilies, toSlug, carriesScript,
  keptFiltered: (s) => htmlAsKept(s, { unfiltered: false }), keptUnfiltered: (s) => htmlAsKept(s, { unfiltered: true }),
  renderPostContent, renderExcerpt, summaryTextOf, sentSummaryText, renderBlocks, blocksForSummary, jsonLdText,
  postSearchTerms, findLikeFragments, containsPattern, parseCost, parseCostAsTheApi, shownAmounts, asWordPressRenders,
}
const units = process.argv[3] ? process.argv[3].split('|') : [' ', '<', '&', ':', '-', '\n', '<p>', '<b><i>', ':) ', ':-) ', '&amp;', '<!--', '<!-- wp:', '[', '[a ', '1', '1,', '.', "'", '"', '\t', '\n\n', '<br>', '<br />\n', '<li>', '<blockquote>', '<a href="', 'a ', '&#', '<pre>', '</p>', '<script>', '<![CDATA[', '\r', '<p ', '=', ' a="', 'x', '-a ', '"a ', '<1', '< ', '&a', '&#1', '8O ', '$', '1.1', '1-', '< a', '<<>']
const n = Number(process.argv[2] ?? 20000)
for (const [name, f] of Object.entries(routines)) {
  for (const u of units) {
    const s = u.repeat(Math.ceil(n / u.length)).slice(0, n)
    const t = performance.now()
    try { f(s) } catch (e) { console.log(name, JSON.stringify(u), 'threw', String(e).slice(0, 80)) }
    const ms = performance.now() - t
    if (ms > 30) console.log(name, JSON.stringify(u), ms.toFixed(0))
  }
}
