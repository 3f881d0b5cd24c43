import { describe, expect, it } from 'vitest'

import { resolveLanguage } from '../../endpoints/dispatch/language'
import { RestError } from '../../endpoints/errors'

const site = { defaultLanguage: 'en', languages: ['en', 'fr', 'es'] }

describe('resolveLanguage: the language of the answer', () => {
  it('is the default without a root language or i18n_language', () => {
    expect(resolveLanguage(site, undefined, {}, undefined)).toBe('en')
  })

  it("is the root's language (/fr/wp-json) when nothing is asked", () => {
    expect(resolveLanguage(site, 'fr', {}, undefined)).toBe('fr')
  })

  it("takes i18n_language over the root's, from the body before the query", () => {
    expect(resolveLanguage(site, 'fr', { i18n_language: 'es' }, undefined)).toBe('es')
    expect(resolveLanguage(site, 'fr', { i18n_language: 'es' }, { i18n_language: 'en' })).toBe('en')
  })

  it('refuses a language the site does not have, or one that is not text, naming the allowed ones', () => {
    for (const asked of ['de', '', ['fr'], 'FR']) {
      let error: unknown
      try {
        resolveLanguage(site, undefined, { i18n_language: asked }, undefined)
      } catch (caught) {
        error = caught
      }
      expect(error).toBeInstanceOf(RestError)
      expect((error as RestError).toBody()).toMatchObject({
        code: 'rest_invalid_param',
        data: { params: { i18n_language: 'i18n_language is not one of en, fr, es.' }, status: 400 },
      })
    }
  })
})
