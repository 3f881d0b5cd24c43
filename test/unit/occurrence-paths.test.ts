import { describe, expect, it } from 'vitest'

import { locateFeed } from '../../src/feeds/feedPaths'
import { occurrenceAt } from '../../src/feeds/occurrencePath'
import { locatePublicEvent } from '../../src/public/publicPaths'

/*
 * The addresses of one occurrence of a recurring event (docs/recurrence.md, "Feeds" and "Public
 * pages"): the date and number are read and checked from the path alone, before anything is read.
 */

const options = { defaultLanguage: 'en', languages: ['en', 'fr', 'es'] }
const none = new URLSearchParams()

describe('occurrence addresses', () => {
  it('reads a real date and a number from 1 to 999, and nothing else', () => {
    expect(occurrenceAt('2027-03-08')).toEqual({ date: '2027-03-08', n: 1 })
    expect(occurrenceAt('2027-03-08', '2')).toEqual({ date: '2027-03-08', n: 2 })
    expect(occurrenceAt('2028-02-29')).toEqual({ date: '2028-02-29', n: 1 })
    for (const [date, n] of [
      ['2027-02-29', undefined],
      ['2027-02-30', undefined],
      ['2027-13-01', undefined],
      ['2027-3-8', undefined],
      ['2027-03-08', '0'],
      ['2027-03-08', '01'],
      ['2027-03-08', '1000'],
      ['2027-03-08', '-1'],
      ['2027-03-08', '1e3'],
    ] as const)
      expect(occurrenceAt(date, n), `${date} ${n}`).toBeNull()
  })

  it("locates one occurrence's feed beside the event's, in every language root", () => {
    expect(locateFeed('/event/class/2027-03-08.ics', none, options)).toEqual({
      at: { date: '2027-03-08', n: 1 },
      kind: 'occurrence',
      language: 'en',
      rootPath: '',
      slug: 'class',
    })
    expect(locateFeed('/fr/event/class/2027-03-08/2.ics', none, options)).toMatchObject({
      at: { date: '2027-03-08', n: 2 },
      kind: 'occurrence',
      language: 'fr',
    })
    expect(
      locateFeed('/event/class/2027-03-08/', new URLSearchParams('ical=1'), options),
    ).toMatchObject({ at: { date: '2027-03-08', n: 1 }, kind: 'occurrence' })
    expect(locateFeed('/event/class.ics', none, options)).toMatchObject({ kind: 'event' })
    for (const path of [
      '/event/class/2027-02-30.ics',
      '/event/class/2027-03-08/0.ics',
      '/event/class/2027-03-08/',
      '/event/class/notes.ics',
    ])
      expect(locateFeed(path, none, options), path).toBeNull()
  })

  it("locates an occurrence's page, and marks an impossible date as naming none", () => {
    expect(locatePublicEvent('/event/class/2027-03-08/', none, options)).toEqual({
      at: { date: '2027-03-08', n: 1 },
      language: 'en',
      rootPath: '',
      slug: 'class',
    })
    expect(locatePublicEvent('/es/event/class/2027-03-08/3', none, options)).toMatchObject({
      at: { date: '2027-03-08', n: 3 },
      language: 'es',
    })
    expect(locatePublicEvent('/event/class/2027-02-30/', none, options)).toMatchObject({
      at: null,
    })
    expect(locatePublicEvent('/event/class/2027-03-08/x/', none, options)).toMatchObject({
      at: null,
    })
    expect(locatePublicEvent('/event/class/all/', none, options)).toBeNull()
  })
})
