import { describe, expect, it } from 'vitest'

import costTexts from '../fixtures/oracle-rules/cost-texts.json'
import { costKeptByCreate, formatCost, parseCost, parseCostAsTheApi } from '../../src/lib/cost'

/*
 * Costs with words, minus signs, spaced or several currencies before or after the amount, as the
 * original reports them when they are sent to its API (test/fixtures/oracle-rules/cost-texts.json,
 * recorded by its record.py): `cost` and `cost_details` of the event created with that `cost`.
 */

type Answer = {
  name: string
  input: string
  cost: string
  cost_details: {
    currency_symbol: string
    currency_code: string
    currency_position: string
    values: string[]
  }
}

const answers = costTexts.answers as Answer[]

/** Answers we do not match, with why. */
const NOT_MATCHED: Record<string, string> = {}

/** What our API reports for a cost a create is sent (`prepareEvent` stores it and its details, `formatCost` shows them). */
function reported(sent: string) {
  const cost = costKeptByCreate(sent)
  const parsed = parseCostAsTheApi(cost)
  return formatCost({
    cost,
    costDetails: {
      currencyCode: '',
      currencyPosition: parsed.currencyPosition || null,
      currencySymbol: parsed.currencySymbol || null,
      values: parsed.values,
    },
  })
}

describe('a cost sent to the API, as the original reports it', () => {
  it('has answers recorded', () => expect(answers.length).toBeGreaterThan(60))

  for (const answer of answers.filter((item) => !NOT_MATCHED[item.name])) {
    it(`${answer.name}: ${JSON.stringify(answer.input)}`, () => {
      const ours = reported(answer.input)
      expect({ cost: ours.text, cost_details: ours.details }).toEqual({
        cost: answer.cost,
        cost_details: answer.cost_details,
      })
    })
  }
  for (const [name, reason] of Object.entries(NOT_MATCHED)) it.todo(`${name}: ${reason}`)
})

describe('a cost typed in the admin', () => {
  // The admin has no field for the symbol; a single amount's is read as the API reads it.
  const single = answers.filter((answer) => answer.cost_details.currency_symbol !== '')
  for (const answer of single) {
    it(`${answer.name}: keeps ${JSON.stringify(answer.cost_details.currency_symbol)}`, () => {
      const details = parseCost(answer.input)
      expect([details.currencySymbol, details.currencyPosition]).toEqual([
        answer.cost_details.currency_symbol,
        answer.cost_details.currency_position,
      ])
    })
  }
})
