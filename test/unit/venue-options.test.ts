import { describe, expect, it } from 'vitest'

import { countryOptions, STORED_COUNTRY_NAMES } from '../../src/admin/venue/countries'
import { readEnv } from '../../src/env'
import { addressQuery } from '../../src/geocoding/addressQuery'
import { sanitizeOptions } from '../../src/sanitizeOptions'

const sanitized = (options: Record<string, unknown>) =>
  sanitizeOptions({ siteUrl: 'https://events.example/', ...options } as never, {
    localization: false,
  })

describe('the venue options: geocoding and map tiles', () => {
  it('are off by default, in the plugin and the app', () => {
    expect(sanitized({})).toMatchObject({ geocoding: null, mapTiles: null })
    expect(readEnv({ PORT: '3000' } as never)).toMatchObject({
      geocoding: undefined,
      mapTiles: undefined,
    })
  })

  it('have bounded defaults once given', () => {
    expect(sanitized({ geocoding: { url: 'https://geo.example/search' } }).geocoding).toEqual({
      minIntervalMs: 1000,
      timeoutMs: 5000,
      url: 'https://geo.example/search',
      userAgent: 'payload-events-calendar (https://events.example)',
    })
    expect(
      sanitized({ mapTiles: { url: 'https://{s}.tiles.example/{z}/{x}/{y}.png' } }).mapTiles,
    ).toEqual({ attribution: '', maxZoom: 19, url: 'https://{s}.tiles.example/{z}/{x}/{y}.png' })
  })

  it.each([
    [{ geocoding: { url: 'ftp://geo.example/' } }, 'geocoding.url must be an absolute http(s) URL'],
    [{ geocoding: { url: 'nowhere' } }, 'geocoding.url must be an absolute http(s) URL'],
    [{ geocoding: { url: 'https://g.example', timeoutMs: 0 } }, 'geocoding.timeoutMs must be'],
    [{ geocoding: { url: 'https://g.example', userAgent: 'a\nb' } }, 'geocoding.userAgent must'],
    [{ mapTiles: { url: 'https://tiles.example/{z}/{x}.png' } }, 'must contain {z}, {x} and {y}'],
    [{ mapTiles: { url: 'javascript:{z}{x}{y}' } }, 'mapTiles.url must be an absolute http(s)'],
    [{ mapTiles: { url: 'https://t.example/{z}/{x}/{y}', maxZoom: 30 } }, 'mapTiles.maxZoom'],
  ])('refuses %j', (options, message) => {
    expect(() => sanitized(options)).toThrow(message)
  })

  it('are read from the app’s environment', () => {
    const env = readEnv({
      GEOCODER_URL: 'http://127.0.0.1:8080/search',
      GEOCODER_TIMEOUT_MS: '2000',
      MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors',
      MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      PORT: '3000',
    } as never)
    expect(env.geocoding).toEqual({
      timeoutMs: 2000,
      url: 'http://127.0.0.1:8080/search',
      userAgent: undefined,
    })
    expect(env.mapTiles).toEqual({
      attribution: '© OpenStreetMap contributors',
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    })
    expect(() =>
      readEnv({ MAP_TILE_URL: 'https://t.example/tile.png', PORT: '3000' } as never),
    ).toThrow('MAP_TILE_URL')
  })
})

describe('the country picker', () => {
  it('stores The Events Calendar’s English names, whatever the editor’s language', () => {
    const french = countryOptions('fr')
    expect(french.find((option) => option.label === 'Allemagne')?.value).toBe('Germany')
    expect(french.find((option) => option.label === 'France')?.value).toBe('France')
    expect(countryOptions('es').find((option) => option.label === 'Alemania')?.value).toBe(
      'Germany',
    )
    expect(countryOptions('en').find((option) => option.value === 'United States')?.label).toBe(
      'United States',
    )
    expect(french).toHaveLength(Object.keys(STORED_COUNTRY_NAMES).length)
    expect(new Set(french.map((option) => option.value)).size).toBe(french.length)
  })

  it('names every country in each language, sorted as that language sorts', () => {
    for (const language of ['en', 'fr', 'es']) {
      const labels = countryOptions(language).map((option) => option.label)
      expect(labels.every((label) => label && !/^[A-Z]{2}$/.test(label))).toBe(true)
      expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, language)))
    }
  })

  it('keeps a stored value outside the list, first and as it is', () => {
    expect(countryOptions('en', 'USA')[0]).toEqual({ label: 'USA', value: 'USA' })
    expect(
      countryOptions('en', 'France').filter((option) => option.value === 'France'),
    ).toHaveLength(1)
  })
})

describe('the address a geocoder is asked about', () => {
  it('is one line, street first and country last, without empty parts', () => {
    expect(
      addressQuery({
        address: ' 1 Rue X ',
        city: 'Lyon',
        country: 'France',
        stateProvince: '',
        zip: null,
      }),
    ).toBe('1 Rue X, Lyon, France')
    expect(addressQuery({})).toBe('')
    expect(addressQuery({ address: 'x'.repeat(2000) })).toHaveLength(500)
  })
})
