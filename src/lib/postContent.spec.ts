import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { blocksForSummary } from './blockMarkup'
import { renderExcerpt, renderPostContent } from './postContent'
import { summaryTextOf } from './summaryText'

/*
 * The original's own answers (test/fixtures/oracle): every description and excerpt it was sent in
 * a create, with what it returned.
 */
const RESPONSES = join(__dirname, '../../test/fixtures/oracle/responses')

type Recorded = {
  request: { method: string; body: null | Record<string, unknown> }
  response: { body: unknown }
}
const recorded = readdirSync(RESPONSES)
  .filter((name) => /^(e-json-ld|f-descriptions|h-summary-text|j-html-descriptions)-/.test(name))
  .map((name) => ({
    name,
    ...(JSON.parse(readFileSync(join(RESPONSES, name), 'utf8')) as Recorded),
  }))
  .filter(
    (item) =>
      item.request.method === 'POST' &&
      item.response.body &&
      typeof item.response.body === 'object',
  )

const sent = (field: string) =>
  recorded
    .filter((item) => typeof item.request.body?.[field] === 'string')
    .map((item) => ({
      name: item.name,
      sent: item.request.body![field] as string,
      returned: (item.response.body as Record<string, unknown>)[field],
    }))

describe('renderPostContent: descriptions as the original returns them', () => {
  const cases = sent('description')
  it('has the recorded cases', () => expect(cases.length).toBeGreaterThan(80))
  it.each(cases)('$name', ({ sent, returned }) => expect(renderPostContent(sent)).toBe(returned))
})

describe('renderExcerpt: excerpts as the original returns them', () => {
  const cases = sent('excerpt')
  it('has the recorded cases', () => expect(cases.length).toBeGreaterThan(6))
  it.each(cases)('$name', ({ sent, returned }) => expect(renderExcerpt(sent)).toBe(returned))
})

describe('blocksForSummary', () => {
  it('reads text blocks and skips images, separators and lists of list items', () => {
    const html =
      '<!-- wp:paragraph -->\n<p>A</p>\n<!-- /wp:paragraph -->\n<!-- wp:image -->\n<figure><img src="x"/></figure>\n<!-- /wp:image -->\n' +
      '<!-- wp:list -->\n<ul><!-- wp:list-item -->\n<li>item</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->\n' +
      '<!-- wp:group -->\n<div><!-- wp:heading -->\n<h2>B</h2>\n<!-- /wp:heading --></div>\n<!-- /wp:group -->'
    expect(summaryTextOf(blocksForSummary(html))).toBe('A B')
  })
})
