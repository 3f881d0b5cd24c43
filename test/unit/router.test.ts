import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import type { Endpoint, Route } from '../../endpoints/router'

import { matchPath, matchRoute, methodsOf } from '../../endpoints/router'
import { buildRoutes } from '../../endpoints/routes'
import { options } from './dispatch-fixtures'

const handler = () => ({ body: null })
const endpoint = (...methods: Endpoint['methods']): Endpoint => ({ args: {}, handler, methods })
const read = endpoint('GET')
const write = endpoint('POST', 'PUT', 'PATCH')
const remove = endpoint('DELETE')
const table: Route[] = [
  { endpoints: [endpoint('GET'), endpoint('POST')], path: '/events' },
  { endpoints: [read, write, remove], path: '/events/(?P<id>\\d+)' },
  { endpoints: [read], path: '/events/by-slug/(?P<slug>[^/]+)' },
  { endpoints: [read], path: '/events/(?P<id>[a-z]+)' },
]

describe('matchRoute: the endpoint for a path and a method', () => {
  it('matches the whole path against the route’s pattern, PHP named groups read as JavaScript’s', () => {
    expect(matchRoute(table, '/events/12', 'DELETE')).toEqual({
      endpoint: remove,
      params: { id: '12' },
      route: table[1],
    })
    expect(matchRoute(table, '/events/12/x', 'GET')).toBeNull()
    expect(matchRoute(table, 'x/events', 'GET')).toBeNull()
  })

  it('matches case-insensitively, as WordPress does', () => {
    expect(matchRoute(table, '/EVENTS/By-Slug/Jazz', 'GET')).toMatchObject({
      params: { slug: 'Jazz' },
      route: table[2],
    })
  })

  it('finds the endpoint that lists the method; HEAD is answered by GET', () => {
    expect(matchRoute(table, '/events/3', 'PATCH')?.endpoint).toBe(write)
    expect(matchRoute(table, '/events/3', 'HEAD')?.endpoint).toBe(read)
  })

  it('tries the next route whose pattern matches when one lacks the method, and is null when none has it', () => {
    expect(matchRoute(table, '/events/abc', 'GET')).toMatchObject({
      params: { id: 'abc' },
      route: table[3],
    })
    expect(matchRoute(table, '/events/abc', 'DELETE')).toBeNull()
    expect(matchRoute(table, '/events', 'DELETE')).toBeNull()
  })

  it('decodes each parameter, and keeps one that does not decode as it came', () => {
    expect(
      matchRoute(table, '/events/by-slug/f%C3%AAte%20d%27%C3%A9t%C3%A9', 'GET')?.params,
    ).toEqual({ slug: "fête d'été" })
    expect(matchRoute(table, '/events/by-slug/%E0%A4%A', 'GET')?.params).toEqual({
      slug: '%E0%A4%A',
    })
  })

  it('gives back any slug as it was before encoding', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (slug) => {
        expect(
          matchRoute(table, `/events/by-slug/${encodeURIComponent(slug)}`, 'GET')?.params.slug,
        ).toBe(slug)
      }),
    )
  })
})

describe('matchPath and methodsOf', () => {
  it('finds the route whatever the method (for OPTIONS), with its parameters', () => {
    expect(matchPath(table, '/events/7')).toEqual({ params: { id: '7' }, route: table[1] })
    expect(matchPath(table, '/venues')).toBeNull()
  })

  it("lists a route's methods endpoint by endpoint", () => {
    expect(methodsOf(table[1]!)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
  })
})

describe("the plugin's route table", () => {
  const routes = buildRoutes(options)
  const methods = (path: string) => {
    const found = matchPath(routes, path)
    return found ? methodsOf(found.route) : null
  }

  it('serves the routes of the original under the namespace, for the methods it registers', () => {
    expect(methods('')).toEqual(['GET'])
    expect(methods('/events')).toEqual(['GET', 'POST'])
    expect(methods('/events/12')).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    )
    expect(methods('/events/by-slug/jazz')).not.toBeNull()
    expect(methods('/venues/3')).not.toBeNull()
    expect(methods('/organizers')).not.toBeNull()
    expect(methods('/categories')).not.toBeNull()
    expect(methods('/tags/4')).not.toBeNull()
    expect(methods('/doc')).toEqual(['GET'])
  })

  it('finds no route for a non-numeric id (decisions.md §1)', () => {
    expect(matchRoute(routes, '/events/abc', 'GET')).toBeNull()
    expect(matchRoute(routes, '/venues/12a', 'GET')).toBeNull()
  })
})
