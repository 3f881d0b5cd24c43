import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { outOfBounds } from '../../endpoints/argBounds'
import { TEXT_LIMITS } from '../../src/lib/textLimits'

/*
 * The bounds every argument is held to before any rule reads it (`endpoints/argBounds.ts`):
 * text within `maxLength`, lists within `maxItems`, each entry within `maxLength`.
 */

const refusal = (...args: Parameters<typeof outOfBounds>) => {
  const error = outOfBounds(...args)
  return error && { code: error.code, message: error.message, status: error.status }
}

describe('outOfBounds', () => {
  it('refuses text longer than the argument’s maxLength, or the default one', () => {
    expect(refusal('search', { maxLength: 3 }, 'abcd')).toEqual({
      code: 'rest_too_long',
      message: 'search must be at most 3 characters long.',
      status: 400,
    })
    expect(refusal('slug', { maxLength: 1 }, 'ab')?.message).toBe(
      'slug must be at most 1 character long.',
    )
    expect(refusal('order', {}, 'x'.repeat(TEXT_LIMITS.argument))).toBeUndefined()
    expect(refusal('order', {}, 'x'.repeat(TEXT_LIMITS.argument + 1))?.code).toBe('rest_too_long')
  })

  it('refuses a list with too many entries, or an entry too long', () => {
    expect(refusal('tags', { maxItems: 2 }, ['a', 'b', 'c'])).toEqual({
      code: 'rest_too_many_items',
      message: 'tags must contain at most 2 items.',
      status: 400,
    })
    expect(refusal('tags', { maxItems: 1 }, ['a', 'b'])?.message).toBe(
      'tags must contain at most 1 item.',
    )
    expect(refusal('tags', { maxLength: 2 }, ['ab', 'abc'])?.code).toBe('rest_too_long')
    expect(refusal('tags', {}, Array(TEXT_LIMITS.listItems + 1).fill('1'))?.code).toBe(
      'rest_too_many_items',
    )
  })

  it('bounds the entries of a list sent as comma-separated text, not the whole text', () => {
    const list = { csv: true, maxItems: 3, maxLength: 2 }
    expect(refusal('categories', list, '12,34,56')).toBeUndefined()
    expect(refusal('categories', list, '12,34,56,78')?.code).toBe('rest_too_many_items')
    expect(refusal('categories', list, '12,345')?.code).toBe('rest_too_long')
    expect(refusal('title', { maxLength: 5 }, '12,34,56')?.code).toBe('rest_too_long')
  })

  it('reads as lists the arguments declared as lists in any way', () => {
    for (const spec of [
      { csv: true },
      { items: { type: 'integer' as const } },
      { type: 'array' as const },
      { swaggerType: 'array' },
      { maxItems: 5 },
    ]) {
      expect(refusal('list', { ...spec, maxLength: 2 }, '1,2')).toBeUndefined()
    }
  })

  it('leaves numbers, booleans and objects to the rules', () => {
    expect(refusal('page', { maxLength: 1 }, 123456)).toBeUndefined()
    expect(refusal('flag', { maxLength: 1 }, true)).toBeUndefined()
    expect(refusal('venue', { maxLength: 1 }, { venue: 'a long name' })).toBeUndefined()
  })

  it('takes exactly the comma-separated lists whose entries and count are within bounds', () => {
    const entry = fc.string({ maxLength: 6, unit: fc.constantFrom('1', 'a', ' ') })
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 8, minLength: 1 }),
        fc.integer({ max: 5, min: 1 }),
        fc.integer({ max: 6, min: 1 }),
        (entries, maxItems, maxLength) => {
          const within =
            entries.length <= maxItems && entries.every((item) => item.length <= maxLength)
          expect(
            outOfBounds('list', { csv: true, maxItems, maxLength }, entries.join(',')) ===
              undefined,
          ).toBe(within)
        },
      ),
    )
  })
})
