import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { decodeSegment, splitLanguageRoot } from '../../src/lib/languageRoot'

/* Public paths under their language root (decisions.md §1: `/fr/…`, `/es/…`, none for the default). */

const site = { defaultLanguage: 'en', languages: ['en', 'fr', 'es'] }

describe('splitLanguageRoot', () => {
  it('reads the language root and the segments after it, still encoded, without a trailing slash', () => {
    expect(splitLanguageRoot('/fr/event/%C3%A9t%C3%A9/', site)).toEqual({
      language: 'fr',
      rootPath: '/fr',
      segments: ['event', '%C3%A9t%C3%A9'],
    })
  })

  it('reads a path without a root in the default language', () => {
    expect(splitLanguageRoot('/event/jazz', site)).toEqual({
      language: 'en',
      rootPath: '',
      segments: ['event', 'jazz'],
    })
  })

  it('has no root for the default language, nor for an unknown one', () => {
    expect(splitLanguageRoot('/en/event/jazz', site)).toEqual({
      language: 'en',
      rootPath: '',
      segments: ['en', 'event', 'jazz'],
    })
    expect(splitLanguageRoot('/de/event/jazz', site).language).toBe('en')
  })

  it('reads a language segment alone as a path, not as a root', () => {
    expect(splitLanguageRoot('/fr', site)).toEqual({
      language: 'en',
      rootPath: '',
      segments: ['fr'],
    })
    expect(splitLanguageRoot('/', site)).toEqual({ language: 'en', rootPath: '', segments: [''] })
  })

  it('gives back the path it read: root and segments join into it (round trip)', () => {
    const segment = fc.stringMatching(/^[a-z0-9%-]{1,8}$/)
    fc.assert(
      fc.property(
        fc.constantFrom('', '/fr', '/es'),
        fc.array(segment, { maxLength: 4, minLength: 1 }),
        (root, segments) => {
          const read = splitLanguageRoot(`${root}/${segments.join('/')}`, site)
          expect(`${read.rootPath}/${read.segments.join('/')}`).toBe(
            `${root}/${segments.join('/')}`,
          )
        },
      ),
    )
  })
})

describe('decodeSegment', () => {
  it('decodes a slug as stored, and keeps a malformed escape as written', () => {
    expect(decodeSegment('%C3%A9t%C3%A9')).toBe('été')
    expect(decodeSegment('100%')).toBe('100%')
  })
})
