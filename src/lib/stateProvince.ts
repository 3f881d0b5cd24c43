/**
 * A venue's "State or province" as the original derives it from the address a save sends: the
 * state for US addresses (and those without a country), else the province, whatever the
 * country; empty when the one to take is. A state outside the US is no province: a venue in
 * France sent only a state has none (checked against the original).
 */
export function stateProvinceOf(address: Record<string, unknown>): string {
  const country = String(address.country ?? '').trim()
  const american = country === '' || country === 'US' || country === 'United States'
  const derived = (american && address.state) || address.province
  return typeof derived === 'string' ? derived : ''
}
