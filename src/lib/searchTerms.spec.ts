import { describe, expect, it } from 'vitest'

import { containsPattern, findLikeFragments, postSearchTerms } from './searchTerms'

/*
 * The search rules, each with the original's answer that shows it (GETs of its seeded site, whose
 * events are "Jazz Night #N", "<p>Jazz Night number N.</p>"; test/fixtures/oracle/cases/j-search.json
 * records them).
 */
const terms = (search: string) =>
  postSearchTerms(search).map(({ exclude, text }) => (exclude ? `-${text}` : text))

describe('events search terms (WordPress post search)', () => {
  it('cuts the text at tabs, spaces, commas and plus signs, quoted phrases kept whole', () => {
    expect(terms('jazz night')).toEqual(['jazz', 'night'])
    expect(terms('jazz,night')).toEqual(['jazz', 'night'])
    expect(terms('jazz+night')).toEqual(['jazz', 'night'])
    // `j<tab>azz` found the Jazz nights: `j` is a single letter, `azz` is left.
    expect(terms('j\tazz')).toEqual(['azz'])
    // `"number 5"` found #5 only; `"night jazz"` nothing.
    expect(terms('"number 5"')).toEqual(['number 5'])
    expect(terms('"night jazz" club')).toEqual(['night jazz', 'club'])
    // An unclosed quote runs to the end.
    expect(terms('"jazz night')).toEqual(['jazz night'])
  })

  it('excludes a term that starts with a dash, a quoted one too', () => {
    expect(terms('jazz -night')).toEqual(['jazz', '-night'])
    // `"-jazz night"`: 211 of 220 events, all but the Jazz nights.
    expect(terms('"-jazz night"')).toEqual(['-jazz night'])
    // `-` alone is dropped, so the whole text is the term: it excludes the empty text, and nothing matched.
    expect(terms('-')).toEqual(['-'])
  })

  it('drops single letters and stopwords among several terms, and keeps the whole text when nothing is left', () => {
    expect(terms('the jazz')).toEqual(['jazz'])
    expect(terms('a jazz')).toEqual(['jazz'])
    expect(terms('jazz x')).toEqual(['jazz'])
    expect(terms('THE Jazz')).toEqual(['Jazz'])
    // Digits and letters other than a-z are kept alone.
    expect(terms('number 5')).toEqual(['number', '5'])
    expect(terms('à')).toEqual(['à'])
    // `the` found 3 events that have "the" in their text, `x` 45.
    expect(terms('the')).toEqual(['the'])
    expect(terms('x')).toEqual(['x'])
    expect(terms('a b c')).toEqual(['a b c'])
  })

  it('takes more than nine terms as one sentence', () => {
    expect(terms('jazz night number 1 2 3 4 5 6')).toHaveLength(9)
    expect(terms('jazz night number 1 2 3 4 5 6 7')).toEqual(['jazz night number 1 2 3 4 5 6 7'])
  })

  it('unslashes once and drops line breaks', () => {
    // `jazz\` and `j\azz` found the Jazz nights; `\` alone is the empty term, which every event matches.
    expect(terms('jazz\\')).toEqual(['jazz'])
    expect(terms('j\\azz')).toEqual(['jazz'])
    expect(terms('\\')).toEqual([''])
    expect(terms('a\\\\b')).toEqual(['a\\b'])
    expect(terms('jazz\r\n')).toEqual(['jazz'])
  })

  it('reads stopwords in the list given', () => {
    expect(postSearchTerms('le jazz', ['le'])).toEqual([{ exclude: false, text: 'jazz' }])
  })
})

describe('venue and organizer fragments (find like)', () => {
  it('keeps runs of ASCII letters, digits and dashes', () => {
    expect(findLikeFragments('Blue Note')).toEqual(['Blue', 'Note'])
    expect(findLikeFragments('Québec')).toEqual(['Qu', 'bec'])
    expect(findLikeFragments('Blüe')).toEqual(['Bl', 'e'])
    expect(findLikeFragments('club@example.com')).toEqual(['club', 'example', 'com'])
    expect(findLikeFragments('ordercat-y')).toEqual(['ordercat-y'])
  })

  it('has no fragment for punctuation alone, and drops the fragment 0', () => {
    expect(findLikeFragments('!!!')).toEqual([])
    expect(findLikeFragments('%_\\')).toEqual([])
    expect(findLikeFragments('a 0')).toEqual(['a'])
    expect(findLikeFragments('10024')).toEqual(['10024'])
    expect(findLikeFragments('blue Blue BLUE note')).toEqual(['BLUE', 'note'])
  })
})

describe('LIKE patterns', () => {
  it('takes %, _ and \\ literally', () => {
    expect(containsPattern('jazz')).toBe('%jazz%')
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
    expect(containsPattern('')).toBe('%%')
  })
})
