import { toSlug } from './wpSlug'

export type CostDetails = {
  currencyPosition: '' | 'postfix' | 'prefix'
  currencySymbol: string
  values: string[]
}

/**
 * An amount as the original cuts a cost into amounts: digits with at most one separator (`.` or
 * `,`) before them and one inside or after them (`15`, `10,50`, `1.000`, `5,` in `5, 10`, `.15`
 * in `5,10,15`). Learned from the oracle (test/fixtures/oracle, classes `d-` and `h-cost-`).
 */
export const COST_TOKEN = /[.,]?\d+[.,]?\d*/g

/** An amount the original takes as a plain number (PHP's `is_numeric`): `15`, `5.`, `.15`, `10.5`; never one with a comma. */
export function isPlainAmount(token: string): boolean {
  return /^(?:\d+\.?\d*|\.\d+)$/.test(token)
}

/** An amount with every separator read as a decimal point (`10,50` → `10.50`, `1,000` → `1.000`): what the original orders amounts by. */
export function amountValue(token: string): string {
  return token.replace(/,/g, '.')
}

/**
 * An amount as the original lists it in `cost_details.values`: a separator followed by exactly
 * three digits is the site's (a comma separates thousands and goes, a point stays: `1,000` →
 * `1000`, `1.000` stays); any other is a decimal point (`5,` → `5.`, `12,50` → `12.50`); with both
 * kinds, the last is the decimal one.
 */
export function listedValue(token: string): string {
  const separators = token.match(/[.,]/g) ?? []
  let decimal = '.'
  let thousands = ','
  if (new Set(separators).size > 1) {
    decimal = separators[separators.length - 1]!
    thousands = separators[0]!
  } else if (separators.length) {
    const last = separators[separators.length - 1]!
    const fragments = token.split(last)
    if (fragments[fragments.length - 1]!.length !== 3) {
      decimal = last
      thousands = last === '.' ? ',' : '.'
    }
  }
  return token.split(thousands).join('').split(decimal).join('.')
}

/**
 * The amounts of a cost by their value, in ascending order, one per value (a later amount of the
 * same value takes the place of an earlier one): how the original orders `values` and picks the
 * lowest and highest amount.
 */
export function amountsByValue(tokens: string[]): { token: string; value: number }[] {
  const byValue = new Map<number, string>()
  const unreadable: string[] = []
  for (const token of tokens) {
    const value = Number(amountValue(token))
    if (Number.isNaN(value)) unreadable.push(token)
    else byValue.set(value, token)
  }
  return [
    ...[...byValue.entries()].sort(([a], [b]) => a - b).map(([value, token]) => ({ token, value })),
    ...unreadable.map((token) => ({ token, value: Number.NaN })),
  ]
}

/** A cost's symbol and its side, as `cost_details` reports them. */
type CurrencyOf = Pick<CostDetails, 'currencyPosition' | 'currencySymbol'>

const NO_CURRENCY: CurrencyOf = { currencyPosition: '', currencySymbol: '' }

/**
 * The currency symbol the original's API reads in a cost sent to it, and its side (oracle:
 * test/fixtures/oracle-rules/cost-texts.json). The cost is cut at its commas; the amounts of all
 * parts are taken one per value, in the order they come, and the n-th of them is read in the n-th
 * part: the symbol is what is left of that part without the amount, words, signs and spaces
 * inside included (`Free – $10` → `Free – $`, `-5` → `-`, `$10 per person` → `$ per person`).
 * Every amount must leave the same symbol, or there is none: a range (`$10 - $20`, `10-20 USD`)
 * or a symbol beside some amounts only (`$5, 10`) has none. The symbol is a prefix when every
 * part that holds it starts with it, a postfix when every such part holds it further on, and has
 * no side when the parts disagree or none holds it as written (`-5 €` leaves `- €`, which `-5 €`
 * does not hold).
 */
export function currencyAsTheApi(text: string): CurrencyOf {
  // By commas alone (`\s*,\s*` reads a long run of spaces once per space); the parts are trimmed.
  const parts = text.split(',').map((part) => part.trim())
  const amounts = new Map<number | string, { part: number; token: string }>()
  parts.forEach((part, index) => {
    const tokens = part.match(COST_TOKEN)
    // A part without an amount takes a place of its own (the original keys it by its text).
    if (!tokens) amounts.set(`text:${part.toLowerCase()}`, { part: index, token: '' })
    for (const token of tokens ?? []) {
      const value = Number(amountValue(token))
      const key = Number.isNaN(value) ? `text:${token}` : value
      // A later amount of the same value replaces the earlier one in its place.
      const placed = amounts.get(key)
      amounts.set(key, { part: placed?.part ?? index, token })
    }
  })
  const symbols: string[] = []
  let place = 0
  for (const [key, { token }] of amounts) {
    if (typeof key === 'number') {
      const part = parts[place] ?? ''
      symbols.push(part.split(token).join('').trim())
      if (symbols[symbols.length - 1] !== symbols[0]) return NO_CURRENCY
    }
    place += 1
  }
  const symbol = symbols[0]
  if (!symbol) return NO_CURRENCY
  const sides = new Set<'postfix' | 'prefix'>(
    parts
      .filter((part) => part.includes(symbol))
      .map((part) => (part.startsWith(symbol) ? 'prefix' : 'postfix')),
  )
  const [side] = sides
  // The side is found with the symbol as cut; it is stored with each run of spaces as one (`from 10 USD` → `from USD`).
  return {
    currencyPosition: sides.size === 1 && side ? side : '',
    currencySymbol: symbol.replace(/[\r\n\t ]+/g, ' '),
  }
}

/**
 * Reads what an editor typed as a cost (`$15`, `20€`, `10 - 25 USD`, `Free`) into the parts the
 * API reports: the amounts in ascending order and the currency symbol with its side. The symbol
 * is the API's (`currencyAsTheApi`) when it reads one; otherwise, in a range or beside some
 * amounts only, it is what precedes the first amount (leading dashes and a "free" left out) or
 * follows the last one.
 */
export function parseCost(text: null | string | undefined): CostDetails {
  const cost = (text ?? '').trim()
  if (!cost) return { currencyPosition: '', currencySymbol: '', values: [] }
  const tokens = cost.match(COST_TOKEN) ?? []
  // A cost without numbers (`Free`, `Pay what you want`) is listed as its one value made a slug, as
  // the original lists it (`free`, `pay-what-you-want`; `$` alone is ``).
  if (tokens.length === 0)
    return { currencyPosition: '', currencySymbol: '', values: [toSlug(cost)] }
  const values = amountsByValue(tokens)
    .map(({ token }) => listedValue(token))
    .sort((a, b) => Number(a) - Number(b))

  const read = currencyAsTheApi(cost)
  if (read.currencySymbol) return { ...read, values }
  const first = cost.indexOf(tokens[0]!)
  const before = cost.slice(0, first).replace(/free|[-–—\s]/gi, '')
  const lastToken = tokens[tokens.length - 1]!
  const after = cost.slice(cost.lastIndexOf(lastToken) + lastToken.length).trim()
  if (before) return { currencyPosition: 'prefix', currencySymbol: before, values }
  if (after) return { currencyPosition: 'postfix', currencySymbol: after, values }
  return { currencyPosition: '', currencySymbol: '', values }
}

/**
 * The lowest and highest amount the original shows for a cost, as typed: one amount alone as it
 * is (`10,50`); otherwise only plain numbers count (in `5, 10, 15` that is `15`, the others carry
 * a comma), and none at all reads as 0. `null` for a cost without numbers.
 */
export function shownAmounts(cost: string): null | { max: string; min: string } {
  const tokens = cost.match(COST_TOKEN) ?? []
  if (!tokens.length) return null
  const amounts = amountsByValue(tokens)
  if (amounts.length === 1 && !isPlainAmount(amounts[0]!.token))
    return { max: amounts[0]!.token, min: amounts[0]!.token }
  const plain = amounts.filter(({ token }) => isPlainAmount(token))
  if (!plain.length) return { max: '0', min: '0' }
  return { max: plain[plain.length - 1]!.token, min: plain[0]!.token }
}

/**
 * A cost as the original's API reads it on a write: the amounts as `parseCost` reads them, the
 * symbol and its side as `currencyAsTheApi` does, so that in a range (`$10 - $20`, `10 – 20 €`)
 * or beside some amounts only (`$5, 10`) there is none and the site's currency shows (oracle:
 * `d-cost-004`, `d-cost-010`, `h-cost-amounts-014`). The admin panel, which has no field for the
 * symbol, keeps `parseCost`.
 */
export function parseCostAsTheApi(text: null | string | undefined): CostDetails {
  const parsed = parseCost(text)
  if (!parsed.currencySymbol) return parsed
  return { ...parsed, ...currencyAsTheApi((text ?? '').trim()) }
}

/**
 * The cost a create keeps of the one it was sent: none of exactly "0" (PHP's `empty`), where an
 * update keeps it and it shows `Free`, as in the original.
 */
export const costKeptByCreate = (cost: string): string => (cost === '0' ? '' : cost)

/** The currency a cost shows when the editor typed none: the original's default. */
export const DEFAULT_CURRENCY = { code: 'USD', position: 'prefix', symbol: '$' } as const

/**
 * The cost as the original shows it: each number with the currency symbol (the site default,
 * `$` before the amount, when the editor typed none), a range as `min – max`, 0 as `Free`;
 * a cost without numbers as typed.
 */
export function formatCost(doc: Record<string, unknown>) {
  const details = (doc.costDetails ?? {}) as {
    currencyCode?: null | string
    currencyPosition?: null | string
    currencySymbol?: null | string
    values?: null | string[]
  }
  const raw = typeof doc.cost === 'string' ? doc.cost.trim() : ''
  const values = details.values ?? []
  const costDetails = {
    currency_symbol: details.currencySymbol ?? '',
    currency_code: details.currencyCode ?? '',
    currency_position: details.currencyPosition ?? '',
    values,
  }
  // Amounts show as typed (`10,50`), not as the normalized values (`10.50`); `shownAmounts` says which.
  const amounts = values.some((value) => /\d/.test(value)) ? shownAmounts(raw) : null
  if (!amounts) return { details: costDetails, text: raw }
  const symbol = details.currencySymbol || DEFAULT_CURRENCY.symbol
  const position = details.currencyPosition || DEFAULT_CURRENCY.position
  const show = (amount: string) => {
    if (Number(amountValue(amount)) === 0) return 'Free'
    return position === 'postfix' ? `${amount}${symbol}` : `${symbol}${amount}`
  }
  const [min, max] = [show(amounts.min), show(amounts.max)]
  return { details: costDetails, text: min === max ? min : `${min} – ${max}` }
}
