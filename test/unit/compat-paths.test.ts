import { describe, expect, it } from 'vitest'

import { locateCompatPath } from '../../endpoints/paths'
import { options } from './dispatch-fixtures'

/*
 * Where a request of the compatibility API came in (decisions.md §1: `{site}/{lang?}/{root}/…`,
 * `lang` not the default one), before the dispatcher sees it.
 */

describe('locateCompatPath', () => {
  it('finds the REST root, with the language of a language root', () => {
    expect(locateCompatPath('/wp-json/vendor/events/v1/events', options)).toEqual({
      path: '/vendor/events/v1/events',
      rootLanguage: undefined,
      rootPath: '/wp-json',
    })
    expect(locateCompatPath('/fr/wp-json/vendor/events/v1/events/', options)).toEqual({
      path: '/vendor/events/v1/events/',
      rootLanguage: 'fr',
      rootPath: '/fr/wp-json',
    })
    expect(locateCompatPath('/wp-json', options)).toEqual({
      path: '/',
      rootLanguage: undefined,
      rootPath: '/wp-json',
    })
  })

  it('leaves the default language’s prefix, other languages and other paths to others', () => {
    expect(locateCompatPath('/en/wp-json/vendor/events/v1/events', options)).toBeNull()
    expect(locateCompatPath('/de/wp-json/vendor/events/v1/events', options)).toBeNull()
    expect(locateCompatPath('/wp-jsonx/vendor', options)).toBeNull()
    expect(locateCompatPath('/event/jazz/', options)).toBeNull()
  })

  it("serves the namespace alone under Payload's API route, its case ignored as Payload ignores it", () => {
    expect(locateCompatPath('/api/vendor/events/v1/events', options)).toEqual({
      path: '/vendor/events/v1/events',
      rootPath: '/api',
    })
    expect(locateCompatPath('/api/Vendor/Events/V1', options)).toEqual({
      path: '/Vendor/Events/V1',
      rootPath: '/api',
    })
    expect(locateCompatPath('/api/users/me', options)).toBeNull()
  })

  it('answers ?rest_route= at the site root, as WordPress without pretty permalinks', () => {
    const search = new URLSearchParams('rest_route=vendor/events/v1/events')
    expect(locateCompatPath('/', options, search)).toEqual({
      path: '/vendor/events/v1/events',
      rootPath: '/wp-json',
    })
    expect(locateCompatPath('/index.php', options, new URLSearchParams('rest_route=/'))).toEqual({
      path: '/',
      rootPath: '/wp-json',
    })
    expect(locateCompatPath('/blog/', options, search)).toBeNull()
  })

  it('finds a configured REST root of several segments', () => {
    const deep = { ...options, restRoot: 'api/rest' }
    expect(locateCompatPath('/fr/api/rest/vendor/events/v1', deep)).toEqual({
      path: '/vendor/events/v1',
      rootLanguage: 'fr',
      rootPath: '/fr/api/rest',
    })
    expect(locateCompatPath('/api/restx/vendor/events/v1', deep)).toBeNull()
  })
})
