export type CostDetails = {
  currencyPosition: '' | 'postfix' | 'prefix'
  currencySymbol: string
  values: string[]
}

export const NUMBER = /\d+(?:[.,]\d+)*/g

/**
 * Reads what an editor typed as a cost (`$15`, `20€`, `10 - 25 USD`, `Free`) into the parts the
 * API reports: the numbers in ascending order and the currency symbol with its side.
 */
export function parseCost(text: null | string | undefined): CostDetails {
  const cost = (text ?? '').trim()
  if (!cost) return { currencyPosition: '', currencySymbol: '', values: [] }
  const numbers = cost.match(NUMBER) ?? []
  // A cost without numbers (`Free`, `Donation`) is kept as its one value, lower-cased, as the original keeps it.
  if (numbers.length === 0) return { currencyPosition: '', currencySymbol: '', values: [cost.toLowerCase()] }
  const values = numbers.map(normalizeNumber).sort((a, b) => Number(a) - Number(b))

  const first = cost.indexOf(numbers[0]!)
  const before = cost.slice(0, first).replace(/free|[-–—\s]/gi, '')
  const lastNumber = numbers[numbers.length - 1]!
  const after = cost.slice(cost.lastIndexOf(lastNumber) + lastNumber.length).trim()
  if (before) return { currencyPosition: 'prefix', currencySymbol: before, values }
  if (after) return { currencyPosition: 'postfix', currencySymbol: after, values }
  return { currencyPosition: '', currencySymbol: '', values }
}

/** `1,000.50` and `1.000,50` both become `1000.50`: the last separator followed by one or two digits is the decimal one. */
export function normalizeNumber(raw: string): string {
  const decimal = raw.match(/[.,](\d{1,2})$/)
  const integer = (decimal ? raw.slice(0, -decimal[0].length) : raw).replace(/[.,]/g, '')
  return decimal ? `${integer}.${decimal[1]}` : integer
}
