import { describe, expect, it } from 'vitest'

import { sanitizeOptions } from '../../src/sanitizeOptions'

describe('the revisions option (docs/revisions.md)', () => {
  const sanitized = (revisions: unknown) =>
    sanitizeOptions({ revisions } as never, { localization: false }).revisions

  it('keeps 25 revisions per item unless told', () => {
    expect(sanitized(undefined)).toEqual({ maxPerDoc: 25 })
    expect(sanitized({ maxPerDoc: 3 })).toEqual({ maxPerDoc: 3 })
  })

  it.each([0, -1, 1.5, 1_001, '10'])('refuses maxPerDoc %j', (maxPerDoc) => {
    expect(() => sanitized({ maxPerDoc })).toThrow(
      'eventsCalendarPlugin: revisions.maxPerDoc must be a whole number from 1 to 1000',
    )
  })
})
