/**
 * A venue's "State or province" as the original reads it when only the state or the province is
 * stored: the state for US addresses (and those without a country), the province elsewhere, and
 * whichever there is when the expected one is empty. Empty when neither is.
 */
export function stateProvinceOf(address: Record<string, unknown>): string {
  const country = String(address.country ?? '').trim()
  const american = country === '' || country === 'US' || country === 'United States'
  const derived = (american ? address.state : address.province) || address.state || address.province
  return typeof derived === 'string' ? derived : ''
}
