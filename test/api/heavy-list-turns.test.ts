import { setTimeout as sleep } from 'node:timers/promises'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { HEAVY_LIST_REACH, HEAVY_SEARCH_REACH } from '../../endpoints/events/heavyLists'
import { takeHeavyListTurn } from '../../src/server/heavyReads'
import { serveAllApis, type TestServer } from '../helpers/http'
import { getTestPayload, unique } from '../helpers/payload'

/*
 * An events list that may cost the database seconds (a search past its first pages, any page past
 * the 1,000th event) takes its turn with the app's other heavy reads (`reads.heavyTurn`,
 * `endpoints/events/heavyLists.ts`, `src/server/heavyReads.ts`), so that a few of them cannot take
 * every database connection from other clients; a light list never waits. The line is this
 * process's, which the test holds by taking a turn itself.
 */
describe('heavy events lists take turns', () => {
  let api: TestServer
  let events: string

  beforeAll(async () => {
    api = await serveAllApis(await getTestPayload())
    events = `${api.url}/wp-json/vendor/events/v1/events`
  })
  afterAll(() => api?.close())

  /** A request's status once it answers, or `pending` if it has not within `ms`. */
  const within = async (answer: Promise<Response>, ms: number) =>
    Promise.race([answer.then((response) => response.status), sleep(ms, 'pending' as const)])

  it('waits for the line before a search past its first pages or a page past the 1,000th, and answers once it has its turn', async () => {
    const word = unique('heavyturn').replace(/[^a-z0-9]/gi, '')
    const searchPage = Math.floor(HEAVY_SEARCH_REACH / 10) + 1
    const deepPage = HEAVY_LIST_REACH / 50 + 1
    const held = await takeHeavyListTurn()
    expect(typeof held).toBe('function')
    // Given back whatever happens: the line is this worker's, which later files use too.
    let givenBack = false
    const giveBack = () => {
      if (!givenBack) (held as () => void)()
      givenBack = true
    }
    try {
      const search = fetch(`${events}?search=${word}&per_page=10&page=${searchPage}`)
      const deep = fetch(`${events}?per_page=50&page=${deepPage}&start_date=2001-01-01`)
      // Light lists answer while the line is held: a search's first pages, a page of the first 1,000.
      expect(await within(fetch(`${events}?search=${word}&per_page=50&page=1`), 10_000)).toBe(200)
      expect(
        await within(fetch(`${events}?per_page=50&page=2&start_date=2001-01-01`), 10_000),
      ).not.toBe('pending')
      expect(await within(search, 500)).toBe('pending')
      expect(await within(deep, 500)).toBe('pending')
      giveBack()
      // Past its last page a list answers 404 (the original's error); either way, it answered.
      expect(await within(search, 10_000)).toBe(404)
      expect(await within(deep, 10_000)).not.toBe('pending')
    } finally {
      giveBack()
    }
  })
})
