import { describe, expect, it } from 'vitest'

import type { Endpoint, Route } from '../../endpoints/router'

import { locate } from '../../endpoints/dispatch/locate'

const handler = () => ({ body: null })
const list: Endpoint = { args: {}, handler, methods: ['GET'] }
const create: Endpoint = { args: {}, handler, methods: ['POST'] }
const item: Endpoint = { args: {}, handler, methods: ['GET'] }
const table: Route[] = [
  { endpoints: [list, create], path: '/things' },
  { endpoints: [item], path: '/things/(?P<id>\\d+)' },
  { endpoints: [item], path: '/named/(?P<slug>[^/]+)' },
]
const NS = 'vendor/events/v1'

describe('locate: where a path below the REST root leads', () => {
  it('leads to the site index from the root, with or without slashes', () => {
    for (const path of ['', '/', '//']) expect(locate(table, NS, path, 'GET')).toBe('index')
    expect(locate(table, NS, '/', 'DELETE')).toBe('index')
  })

  it('leads nowhere outside the namespace', () => {
    expect(locate(table, NS, '/wp/v2/posts', 'GET')).toBeNull()
    expect(locate(table, NS, '/vendor/events/v10/things', 'GET')).toBeNull()
  })

  it('finds the endpoint for the method, the namespace and route matched case-insensitively', () => {
    expect(locate(table, NS, '/vendor/events/v1/things', 'GET')).toMatchObject({
      endpoint: list,
      params: {},
    })
    expect(locate(table, NS, '/Vendor/Events/V1/THINGS/', 'POST')).toMatchObject({
      endpoint: create,
    })
  })

  it('answers HEAD with the GET endpoint, and finds no route for a method the route lacks', () => {
    expect(locate(table, NS, '/vendor/events/v1/things/12', 'HEAD')).toMatchObject({
      endpoint: item,
      params: { id: '12' },
    })
    expect(locate(table, NS, '/vendor/events/v1/things/12', 'DELETE')).toBeNull()
  })

  it('finds a route for OPTIONS whatever its methods, without an endpoint', () => {
    const located = locate(table, NS, '/vendor/events/v1/things/12', 'OPTIONS')
    expect(located).toEqual({ params: { id: '12' }, route: table[1] })
    expect(locate(table, NS, '/vendor/events/v1/nothing', 'OPTIONS')).toBeNull()
  })

  it('decodes path parameters, and keeps one that does not decode as it came', () => {
    expect(locate(table, NS, '/vendor/events/v1/named/caf%C3%A9', 'GET')).toMatchObject({
      params: { slug: 'café' },
    })
    expect(locate(table, NS, '/vendor/events/v1/named/100%', 'GET')).toMatchObject({
      params: { slug: '100%' },
    })
  })
})
