import { describe, expect, it } from 'vitest'

import blockLayoutRandom from '../fixtures/oracle-rules/block-layout-random.json'
import blockLayout from '../fixtures/oracle-rules/block-layout.json'
import { renderPostContent } from '../../src/lib/postContent'

/*
 * Blocks with layout support (group and its row, stack and grid variations, columns, column,
 * buttons, social links, quote, details, cover's inner container) with and without layout
 * attributes, as the original renders them in a description
 * (test/fixtures/oracle-rules/block-layout.json, recorded by its record.py): the classes WordPress
 * adds at render time, the generated container classes included. `block-layout-random.json` holds
 * 80 documents of such blocks nested with layouts, gaps, paddings and child sizes drawn at random
 * (its cases file was written by a seeded generator), recorded the same way.
 */

type Answer = { name: string; input: string; description: string }

const answers = [...blockLayout.answers, ...blockLayoutRandom.answers] as Answer[]

/** Answers made by code we do not have: blocks rendered on the server and the theme's style variations. */
const NOT_MATCHED: Record<string, string> = {
  'social-links-link':
    'a social link is rendered by its server-side code (its icon), which we do not have',
  accordion: 'the accordion is rendered with its script state by its server-side code',
  'style-variation': "a block style variation's class comes from the theme's styles",
}

describe('blocks with layout support, as the original renders them', () => {
  it('has answers recorded', () => expect(answers.length).toBeGreaterThan(200))

  for (const answer of answers.filter((item) => !NOT_MATCHED[item.name])) {
    it(answer.name, () => {
      expect(renderPostContent(answer.input)).toBe(answer.description)
    })
  }
  for (const [name, reason] of Object.entries(NOT_MATCHED)) it.todo(`${name}: ${reason}`)
})
