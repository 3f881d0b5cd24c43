import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  amountsByValue,
  amountValue,
  isPlainAmount,
  listedValue,
  parseCost,
  parseCostAsTheApi,
  shownAmounts,
} from '../../src/lib/cost'

/*
 * The cost rules (contract.md §6 `cost_details`, learned from the oracle's `d-` and `h-cost-`
 * classes): the amounts of what an editor typed, in ascending order, with the currency symbol
 * and its side.
 */

describe('parseCost: what an editor typed, as the API reports it', () => {
  it('has nothing for an empty cost', () => {
    for (const empty of ['', '   ', null, undefined])
      expect(parseCost(empty)).toEqual({ currencyPosition: '', currencySymbol: '', values: [] })
  })

  it('reads the currency symbol before or after the amounts', () => {
    expect(parseCost('$15')).toEqual({
      currencyPosition: 'prefix',
      currencySymbol: '$',
      values: ['15'],
    })
    expect(parseCost('20€')).toEqual({
      currencyPosition: 'postfix',
      currencySymbol: '€',
      values: ['20'],
    })
    expect(parseCost('10 - 25 USD')).toEqual({
      currencyPosition: 'postfix',
      currencySymbol: 'USD',
      values: ['10', '25'],
    })
    expect(parseCost('15')).toEqual({ currencyPosition: '', currencySymbol: '', values: ['15'] })
  })

  it('keeps words and dashes around a single amount in the symbol, as the original does', () => {
    // oracle: test/fixtures/oracle-rules/cost-texts.json, `words-free-dash-postfix` and `minus-plain`.
    expect(parseCost('Free – 30$')).toEqual({
      currencyPosition: '',
      currencySymbol: 'Free – $',
      values: ['30'],
    })
    expect(parseCost('-5')).toEqual({
      currencyPosition: 'prefix',
      currencySymbol: '-',
      values: ['5'],
    })
  })

  it('reads the symbol before the first amount of a range, dashes and "free" left out', () => {
    expect(parseCost('Free – $10 - $30')).toEqual({
      currencyPosition: 'prefix',
      currencySymbol: '$',
      values: ['10', '30'],
    })
  })

  it('keeps a cost without numbers as its one value, lower-cased', () => {
    expect(parseCost('  Donation ')).toEqual({
      currencyPosition: '',
      currencySymbol: '',
      values: ['donation'],
    })
  })

  it('lists the amounts in ascending order, one per value', () => {
    // A comma right after an amount is read with it (`30,`), as a decimal point.
    expect(parseCost('$30, $5 or $12.50').values).toEqual(['5', '12.50', '30.'])
    expect(parseCost('10 - 10.0').values).toEqual(['10.0'])
  })

  it('lists a thousands separator as the site writes it and any other separator as a decimal point', () => {
    expect(parseCost('$1,000').values).toEqual(['1000'])
    expect(parseCost('1.000 €').values).toEqual(['1.000'])
    expect(parseCost('12,50 €').values).toEqual(['12.50'])
  })

  const symbol = fc.constantFrom('$', '€', '£', 'USD', 'CHF ')
  const amount = fc.nat({ max: 99_999 })

  it('gives back a single whole amount and its symbol, on either side (round trip)', () => {
    fc.assert(
      fc.property(symbol, amount, fc.boolean(), (sign, value, before) => {
        const typed = before ? `${sign}${value}` : `${value}${sign}`
        expect(parseCost(typed)).toEqual({
          currencyPosition: before ? 'prefix' : 'postfix',
          currencySymbol: sign.trim(),
          values: [String(value)],
        })
      }),
    )
  })

  it('lists the values of any list of amounts, ascending, each value once', () => {
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 8, minLength: 1 }), (amounts) => {
        const values = parseCost(amounts.map((value) => `$${value}`).join(' / ')).values
        expect(values.map(Number)).toEqual([...new Set(amounts)].sort((a, b) => a - b))
      }),
    )
  })

  it('always lists its values in ascending order, whatever was typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (typed) => {
        const numbers = parseCost(typed)
          .values.map(Number)
          .filter((value) => !Number.isNaN(value))
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
      }),
      { numRuns: 300 },
    )
  })
})

describe('the amounts of a cost', () => {
  it('calls a plain number only one PHP reads as numeric: never with a comma', () => {
    expect(['15', '5.', '.15', '10.5'].map(isPlainAmount)).toEqual([true, true, true, true])
    expect(['10,5', '5,', '1.000.0', ''].map(isPlainAmount)).toEqual([false, false, false, false])
  })

  it('orders amounts with every separator read as a decimal point', () => {
    expect(amountValue('10,50')).toBe('10.50')
    expect(amountsByValue(['1,000', '2', '1.5'])).toEqual([
      { token: '1,000', value: 1 },
      { token: '1.5', value: 1.5 },
      { token: '2', value: 2 },
    ])
  })

  it('lists an amount with both separators with the last as the decimal one', () => {
    expect(listedValue('1.000,50')).toBe('1000.50')
    expect(listedValue('1,000.50')).toBe('1000.50')
    expect(listedValue('5,')).toBe('5.')
  })
})

describe('shownAmounts: the lowest and highest amount the original shows', () => {
  it('shows one amount alone as typed', () => {
    expect(shownAmounts('10,50 €')).toEqual({ max: '10,50', min: '10,50' })
  })

  it('counts only plain numbers among several, and 0 when none is', () => {
    expect(shownAmounts('5, 10, 15')).toEqual({ max: '15', min: '15' })
    expect(shownAmounts('$10 - $25')).toEqual({ max: '25', min: '10' })
    expect(shownAmounts('1,5 - 2,5')).toEqual({ max: '0', min: '0' })
  })

  it('has none for a cost without numbers', () => {
    expect(shownAmounts('Free')).toBeNull()
  })
})

describe('parseCostAsTheApi: the symbol only beside single amounts', () => {
  it('reads the symbol beside one amount, or the same beside each comma-separated amount', () => {
    expect(parseCostAsTheApi('€15')).toMatchObject({
      currencyPosition: 'prefix',
      currencySymbol: '€',
    })
    expect(parseCostAsTheApi('USD 25')).toMatchObject({
      currencyPosition: 'prefix',
      currencySymbol: 'USD',
    })
    expect(parseCostAsTheApi('$5, $10')).toMatchObject({
      currencyPosition: 'prefix',
      currencySymbol: '$',
      values: ['5.', '10'],
    })
  })

  it('reads none in a range or beside some amounts only, so that the site’s currency shows', () => {
    expect(parseCostAsTheApi('$10 - $20')).toEqual({
      currencyPosition: '',
      currencySymbol: '',
      values: ['10', '20'],
    })
    expect(parseCostAsTheApi('10 – 20 €')).toMatchObject({ currencySymbol: '' })
    expect(parseCostAsTheApi('$5, 10')).toMatchObject({ currencySymbol: '' })
  })

  it('keeps the amounts parseCost reads', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (typed) => {
        expect(parseCostAsTheApi(typed).values).toEqual(parseCost(typed).values)
      }),
      { numRuns: 300 },
    )
  })
})
