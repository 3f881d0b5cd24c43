import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { slugAsStored, slugForQuery, toSlug } from '../../src/lib/wpSlug'
import { locateFeed } from '../../src/feeds/feedPaths'

/*
 * Slugs as WordPress's `sanitize_title` makes them (docs/compatibility.md, "Slugs"): facts of
 * WordPress 7.0's `remove_accents` and `sanitize_title_with_dashes` (context `save`), as data.
 */
describe('slugs made from titles', () => {
  it.each([
    ['TZ Europe/Paris', 'tz-europe-paris'],
    ['Theatre & Drama', 'theatre-drama'],
    ['St_Johns', 'st_johns'],
    ['<b>Bold</b> night', 'bold-night'],
    ['Dot.com &amp; co', 'dot-com-co'],
    ['Café crème brûlée', 'cafe-creme-brulee'],
    ['Straße', 'strase'],
    ['Việt Nam', 'viet-nam'],
    ['東京の夜', '%e6%9d%b1%e4%ba%ac%e3%81%ae%e5%a4%9c'],
    ['Москва 2027', '%d0%bc%d0%be%d1%81%d0%ba%d0%b2%d0%b0-2027'],
    ['Ελληνικά', '%ce%b5%ce%bb%ce%bb%ce%b7%ce%bd%ce%b9%ce%ba%ce%ac'],
    ['Kids’ Day — “Live”', 'kids-day-live'],
    ['a\u00a0b\u2009c', 'a-b-c'],
    ['3×4', '3x4'],
    ['Price €5 or £4', 'price-e5-or-4'],
    ['§ 2 · ½', '%c2%a7-2-%c2%b7-%c2%bd'],
    ['100% Jazz', '100-jazz'],
    ['Cafe%20bar', 'cafe%20bar'],
  ])('%s → %s', (title, slug) => {
    expect(toSlug(title)).toBe(slug)
  })

  it('stops at 200 characters once encoded, never inside a character', () => {
    expect(toSlug('x'.repeat(250))).toHaveLength(200)
    // 66 characters of 9 encoded characters each fit in 200 (594 would not): 22 of them.
    const slug = toSlug('東'.repeat(66))
    expect(slug).toBe('%e6%9d%b1'.repeat(22))
  })

  it('is only lowercase ASCII letters, digits, `_`, `-` and lowercase octets, whatever the title', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'grapheme' }), (title) => {
        const slug = toSlug(title)
        expect(slug).toMatch(/^(?:[a-z0-9_-]|%[0-9a-f]{2})*$/)
        expect(slug.startsWith('-') || slug.endsWith('-')).toBe(false)
      }),
    )
  })
})

describe('slugs a client sends', () => {
  it('are matched as stored: decoded letters and upper-case octets to lowercase octets, ASCII as sent', () => {
    expect(slugAsStored('東京')).toBe('%e6%9d%b1%e4%ba%ac')
    expect(slugAsStored('%E6%9D%B1-Night')).toBe('%e6%9d%b1-Night')
    expect(slugAsStored('plain-slug')).toBe('plain-slug')
  })

  it('in a feed URL, however the browser spelt it', () => {
    const options = { defaultLanguage: 'en', languages: ['en', 'fr', 'es'] }
    for (const path of [
      '/event/%E6%9D%B1%E4%BA%AC.ics',
      '/event/%25e6%259d%25b1%25e4%25ba%25ac.ics',
      '/fr/event/%e6%9d%b1%e4%ba%ac.ics',
    ]) {
      expect(locateFeed(path, new URLSearchParams(), options), path).toMatchObject({
        kind: 'event',
        slug: '%e6%9d%b1%e4%ba%ac',
      })
    }
  })
})

describe('slugForQuery: a slug as get_page_by_path looks it up', () => {
  it('lower-cases, turns spaces and dots into hyphens, drops other punctuation', () => {
    expect(slugForQuery('JAZZ-NIGHT-25')).toBe('jazz-night-25')
    expect(slugForQuery('Jazz Night 25')).toBe('jazz-night-25')
    expect(slugForQuery('BLUE.NOTE.HALL')).toBe('blue-note-hall')
    expect(slugForQuery('-jazz--night!-')).toBe('jazz-night')
    expect(slugForQuery('blue_note_hall')).toBe('blue_note_hall')
    expect(slugForQuery('!!!')).toBe('')
    expect(slugForQuery('東京 Night')).toBe('%e6%9d%b1%e4%ba%ac-night')
  })
})
