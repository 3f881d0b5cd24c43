import { describe, expect, it } from 'vitest'

import { calendarWhere, NO_FILTERS } from '../../src/admin/calendar/calendarQuery'
import { withDescendants } from '../../src/admin/categoryTree'

/*
 * Issue 28, item 5: in the admin's calendar and events list, a parent category includes the
 * categories below it, as the compatibility API's `categories` filter does.
 */
const categories = [
  { label: 'Festivals', parent: null, value: '1' },
  { label: 'Folk festivals', parent: '1', value: '2' },
  { label: 'Breton folk', parent: '2', value: '3' },
  { label: 'Jazz festivals', parent: '1', value: '4' },
  { label: 'Theatre', parent: null, value: '5' },
]

describe('a category filter in the admin', () => {
  it('takes the category and every category below it, the chosen one first', () => {
    expect(withDescendants(categories, '1')).toEqual(['1', '2', '4', '3'])
    expect(withDescendants(categories, '2')).toEqual(['2', '3'])
    expect(withDescendants(categories, '5')).toEqual(['5'])
  })

  it('takes a category it does not know alone, and ends on a cycle', () => {
    expect(withDescendants(categories, '99')).toEqual(['99'])
    const cycle = [
      { parent: '2', value: '1' },
      { parent: '1', value: '2' },
    ]
    expect(withDescendants(cycle, '1')).toEqual(['1', '2'])
  })

  it('narrows the calendar to the family when it is known, else to the category', () => {
    const range = { end: new Date('2027-02-01T00:00:00Z'), start: new Date('2027-01-01T00:00:00Z') }
    const categoriesOf = (where: ReturnType<typeof calendarWhere>) =>
      (where.and as Record<string, unknown>[]).find((condition) => 'categories' in condition)
    expect(
      categoriesOf(
        calendarWhere(range, {
          ...NO_FILTERS,
          category: '1',
          categoryFamily: ['1', '2', '4', '3'],
        }),
      ),
    ).toEqual({ categories: { in: ['1', '2', '4', '3'] } })
    expect(categoriesOf(calendarWhere(range, { ...NO_FILTERS, category: '5' }))).toEqual({
      categories: { in: ['5'] },
    })
    expect(categoriesOf(calendarWhere(range, NO_FILTERS))).toBeUndefined()
  })
})
