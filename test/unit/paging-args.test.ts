import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { readArgs } from '../../endpoints/args'
import { pagingArgs } from '../../endpoints/pagingArgs'
import { RestError } from '../../endpoints/errors'
import { restContextFor } from './dispatch-fixtures'

/*
 * `page` and `per_page` as every list route declares them (contract.md §5): `per_page` defaults
 * to the site's setting and is clamped to its maximum rather than refused; both are positive integers.
 */

const NOUN = { en: 'events', es: 'eventos', fr: 'événements' }
const DEFAULT_PER_PAGE = 10
const MAX_PER_PAGE = 50
const specs = pagingArgs(NOUN, DEFAULT_PER_PAGE, MAX_PER_PAGE)
const read = (query: Record<string, unknown>) => readArgs(specs, restContextFor({ query }))

describe('pagingArgs', () => {
  it('defaults to the first page of the site’s page size', async () => {
    expect(await read({})).toEqual({ page: 1, per_page: DEFAULT_PER_PAGE })
  })

  it('declares the default page size as the original does, as text', () => {
    expect(specs.per_page!.default).toBe('10')
  })

  it('clamps any page size above the maximum to it, and keeps any other', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ max: 10_000, min: 1 }),
        fc.integer({ max: 10_000, min: 1 }),
        async (page, perPage) => {
          expect(await read({ page: String(page), per_page: String(perPage) })).toEqual({
            page,
            per_page: Math.min(perPage, MAX_PER_PAGE),
          })
        },
      ),
      { numRuns: 100 },
    )
  })

  it('refuses a page or a page size that is not a positive integer', async () => {
    for (const bad of ['0', '-1', '1.5', 'abc', '']) {
      for (const name of ['page', 'per_page']) {
        const error = await read({ [name]: bad }).catch((caught: unknown) => caught)
        expect(error, `${name}=${bad}`).toBeInstanceOf(RestError)
        expect((error as RestError).toBody()).toMatchObject({
          code: 'rest_invalid_param',
          data: { params: { [name]: 'Invalid parameter.' } },
        })
      }
    }
  })

  it('describes both in every language', () => {
    expect(specs.per_page!.description).toEqual({
      en: 'The number of events to return on each page',
      es: 'El número de eventos que se devuelven en cada página',
      fr: 'Le nombre de événements à renvoyer par page',
    })
    expect(Object.keys(specs.page!.description!)).toEqual(['en', 'fr', 'es'])
  })
})
