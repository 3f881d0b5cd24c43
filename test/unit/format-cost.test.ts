import { describe, expect, it } from 'vitest'

import { formatCost, parseCost } from '../../src/lib/cost'

/*
 * The `cost` an event shows (contract.md §6): each amount with the currency symbol (`$` before
 * the amount when none was typed), a range as `min – max` with an en dash, 0 as `Free`; a cost
 * without numbers as typed; `""` with all details empty for no cost. A stored `0` (which only an
 * update keeps) is `Free`.
 */

const shown = (cost: string) => {
  const details = parseCost(cost)
  return formatCost({
    cost,
    costDetails: {
      currencyCode: '',
      currencyPosition: details.currencyPosition,
      currencySymbol: details.currencySymbol,
      values: details.values,
    },
  })
}

describe('formatCost', () => {
  it('shows the symbol on its side', () => {
    expect(shown('$23').text).toBe('$23')
    expect(shown('20$').text).toBe('20$')
  })

  it("shows the site's currency, $ before the amount, when none was typed", () => {
    expect(shown('15').text).toBe('$15')
  })

  it('shows a range as min – max, and a 0 as Free', () => {
    expect(shown('$10 - $25').text).toBe('$10 – $25')
    expect(shown('0 - 30$').text).toBe('Free – 30$')
  })

  it('shows an amount as typed, not as normalized', () => {
    expect(shown('10,50 €').text).toBe('10,50€')
  })

  it('shows a cost without numbers as typed', () => {
    expect(shown('Donation').text).toBe('Donation')
  })

  it('has no cost and empty details for an empty cost; a stored 0 is Free', () => {
    expect(shown('')).toEqual({
      details: { currency_code: '', currency_position: '', currency_symbol: '', values: [] },
      text: '',
    })
    expect(shown('0')).toEqual({
      details: { currency_code: '', currency_position: '', currency_symbol: '', values: ['0'] },
      text: 'Free',
    })
  })

  it('reports the details as stored, in the API’s names', () => {
    expect(shown('20€').details).toEqual({
      currency_code: '',
      currency_position: 'postfix',
      currency_symbol: '€',
      values: ['20'],
    })
  })
})
