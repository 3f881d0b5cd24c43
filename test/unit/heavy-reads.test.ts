import { parse } from 'graphql'
import { describe, expect, it } from 'vitest'

import { estimateDocuments, expandedFieldCount } from '../../src/graphql/documentEstimate'
import { Turns } from '../../src/lib/turns'
import { graphqlDocumentsOf } from '../../src/server/graphqlDepth'
import {
  graphqlReadDocuments,
  HEAVY_READ_DOCUMENTS,
  parsedGraphqlOperation,
  restReadDocuments,
} from '../../src/server/heavyReads'

const estimate = (query: string, variables: Record<string, unknown> = {}) => {
  const document = parse(query)
  const operation = document.definitions.find(
    (definition) => definition.kind === 'OperationDefinition',
  )!
  return estimateDocuments(document, operation as never, variables)
}

describe('turns', () => {
  it('gives at most `concurrent` turns at once, then passes each one back to the next in line, in order', async () => {
    const turns = new Turns({ concurrent: 1, maxWaiting: 5, maxWaitMs: 10_000 })
    const first = await turns.take()
    const order: number[] = []
    const second = turns.take().then((turn) => (order.push(2), turn))
    const third = turns.take().then((turn) => (order.push(3), turn))
    expect(turns.load).toEqual({ holding: 1, waiting: 2 })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(order).toEqual([])
    ;(first as () => void)()
    ;(first as () => void)() // given back twice: still one turn
    const giveBackSecond = await second
    expect(order).toEqual([2])
    expect(turns.load).toEqual({ holding: 1, waiting: 1 })
    ;(giveBackSecond as () => void)()
    ;((await third) as () => void)()
    expect(turns.load).toEqual({ holding: 0, waiting: 0 })
  })

  it('refuses at once when the line is full, and after `maxWaitMs` in line', async () => {
    const turns = new Turns({ concurrent: 1, maxWaiting: 1, maxWaitMs: 30 })
    await turns.take()
    const waiting = turns.take()
    expect(await turns.take()).toBe('line-full')
    expect(await waiting).toBe('waited-too-long')
    expect(turns.load).toEqual({ holding: 1, waiting: 0 })
  })
})

describe('turns given up', () => {
  it('takes a caller that gives up while waiting out of the line at once, and gives nothing to one that gave up before', async () => {
    const turns = new Turns({ concurrent: 1, maxWaiting: 1, maxWaitMs: 10_000 })
    const first = await turns.take()
    const hangingUp = new AbortController()
    const waiting = turns.take(hangingUp.signal)
    expect(turns.load).toEqual({ holding: 1, waiting: 1 })
    hangingUp.abort()
    expect(await waiting).toBe('gave-up')
    expect(turns.load).toEqual({ holding: 1, waiting: 0 })
    // Its place is free: the next caller waits instead of finding the line full.
    const next = turns.take()
    expect(turns.load).toEqual({ holding: 1, waiting: 1 })
    ;(first as () => void)()
    ;((await next) as () => void)()
    expect(turns.load).toEqual({ holding: 0, waiting: 0 })
    expect(await turns.take(AbortSignal.abort())).toBe('gave-up')
    expect(turns.load).toEqual({ holding: 0, waiting: 0 })
  })
})

describe('documents a read reads', () => {
  it('REST: a page times one plus its depth; reads of one document and small pages are light', () => {
    const rest = (path: string, query: string) =>
      restReadDocuments(path.split('/'), new URLSearchParams(query), 2)
    expect(rest('events', 'limit=100&depth=2')).toBe(300)
    expect(rest('events', '')).toBe(30)
    expect(rest('events', 'limit=100&depth=0')).toBe(100)
    expect(rest('events', 'limit=0')).toBe(3_000)
    expect(rest('events', 'pagination=false&limit=5')).toBe(3_000)
    expect(rest('events/versions', 'limit=50&depth=1')).toBe(100)
    expect(rest('events/12', 'depth=10')).toBe(0)
    expect(rest('events', 'limit=100&depth=nonsense')).toBe(100)
    expect(rest('events', 'limit=10&depth=1')).toBeLessThan(HEAVY_READ_DOCUMENTS)
  })

  const readOfBody = (body: unknown) =>
    graphqlReadDocuments(
      graphqlDocumentsOf(body).map(({ query, variables }) =>
        parsedGraphqlOperation(query, variables),
      ),
    )

  it('GraphQL: each list by its limit, each related object one more, through aliases, variables and fragments', () => {
    expect(
      estimate(
        '{ Events(limit: 100) { docs { id venue { id } organizers { id } categories { id } } } }',
      ),
    ).toBe(400)
    expect(estimate('{ Events { totalDocs docs { id title } } }')).toBe(10)
    expect(
      estimate('{ a: Events(limit: 100) { docs { id } } b: Events(limit: 100) { docs { id } } }'),
    ).toBe(200)
    expect(
      estimate(
        'query ($n: Int) { Events(limit: $n) { ...page } } fragment page on Events { docs { id venue { id } } }',
        { n: 50 },
      ),
    ).toBe(100)
    expect(estimate('{ Events(limit: 0) { docs { id } } }')).toBe(100)
    expect(estimate('{ Event(id: 1) { id venue { id events(limit: 20) { docs { id } } } } }')).toBe(
      1 + 1 + 20,
    )
    // Each fragment is counted once however often it is spread: linear work for a document that expands exponentially.
    const fragments = Array.from(
      { length: 40 },
      (_, n) =>
        `fragment f${n} on Event { venue { id } ${n < 39 ? `...f${n + 1} ...f${n + 1}` : ''} }`,
    ).join(' ')
    expect(estimate(`{ Events(limit: 1) { docs { ...f0 } } } ${fragments}`)).toBeGreaterThan(1e10)
    expect(readOfBody({ query: '{ Events(limit: 100) { docs { id } } }' })).toBe(100)
    expect(
      readOfBody([
        { query: '{ Events(limit: 60) { docs { id } } }' },
        { query: 'query ($n: Int) { Events(limit: $n) { docs { id } } }', variables: { n: 40 } },
      ]),
    ).toBe(100)
    expect(readOfBody({ query: '{ not graphql' })).toBe(0)
    expect(readOfBody('nonsense')).toBe(0)
  })

  it('GraphQL: a list reads its page whatever is selected of it (its totalDocs alone, no limit, pagination: false); a count reads none', () => {
    // Payload reads the whole page, and runs its read hooks, to answer `totalDocs` alone.
    expect(estimate('{ Events(limit: 100) { totalDocs } }')).toBe(100)
    expect(estimate('{ Events { totalDocs } }')).toBe(10)
    expect(estimate('{ Events(where: { title: { like: "a" } }) { hasNextPage } }')).toBe(10)
    expect(estimate('{ versionsEvents(limit: 30) { totalDocs } }')).toBe(30)
    expect(estimate('{ Event(id: 1) { venue { events { totalDocs } } } }')).toBe(1 + 1 + 10)
    expect(
      estimate(
        `{ ${Array.from({ length: 10 }, (_, n) => `a${n}: Events(limit: 100) { totalDocs }`).join(' ')} }`,
      ),
    ).toBe(1_000)
    // `pagination: false` gives a visitor the largest page, as `limit: 0` does.
    expect(estimate('{ Events(pagination: false) { docs { id } } }')).toBe(100)
    expect(
      estimate('query ($p: Boolean) { Events(pagination: $p) { docs { id } } }', { p: false }),
    ).toBe(100)
    expect(estimate('{ Events(pagination: true, limit: 5) { docs { id } } }')).toBe(5)
    // Payload's count queries count: no document is read.
    expect(estimate('{ countEvents(where: { title: { like: "a" } }) { totalDocs } }')).toBe(0)
    expect(estimate('{ Event(id: 1) { id title } }')).toBe(1)
  })

  it('fields selected once fragments are spread: each fragment counted once, so a document that doubles at each of 40 levels is counted at once', () => {
    expect(expandedFieldCount(parse('{ Events { docs { id title venue { id } } } }'))).toBe(6)
    expect(
      expandedFieldCount(
        parse(
          '{ a: Events { ...page } b: Events { ...page } } fragment page on Events { docs { id } }',
        ),
      ),
    ).toBe(6)
    const fragments = Array.from(
      { length: 40 },
      (_, n) => `fragment f${n} on Event { id ${n < 39 ? `...f${n + 1} ...f${n + 1}` : ''} }`,
    ).join(' ')
    const started = performance.now()
    expect(expandedFieldCount(parse(`{ Events { docs { ...f0 } } } ${fragments}`))).toBeGreaterThan(
      2 ** 40,
    )
    expect(performance.now() - started).toBeLessThan(1_000)
  })
})
