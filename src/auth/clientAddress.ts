import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The caller's network address, as our Express server (`src/server/app.ts`) resolved it from the
 * socket and the `TRUST_PROXY` setting, handed down to Payload's surfaces, which run inside
 * Next.js and only see headers. Anyone can send a header, so the value carries an HMAC made
 * with Payload's secret: a client cannot make one, and the server overwrites whatever came in.
 *
 * Without our server in front (Payload inside a host's own Next app), no signed value exists and
 * the address is unknown: tries are then limited per account only, never per a header a client
 * chose (an `X-Forwarded-For` trusted by default would let every try reset the count).
 */
export const CLIENT_ADDRESS_HEADER = 'x-events-calendar-client-address'

const proofOf = (secret: string, address: string) =>
  createHmac('sha256', secret).update(`client-address\u0000${address}`).digest('base64url')

/** The header's value for `address`: `<address> <proof>`. */
export const signClientAddress = (secret: string, address: string): string =>
  `${address} ${proofOf(secret, address)}`

/** The address in a signed header, or null when it is missing or not ours. */
export function readClientAddress(headers: Headers, secret: string): null | string {
  const value = headers.get(CLIENT_ADDRESS_HEADER)
  const match = value?.match(/^(\S{1,100}) ([A-Za-z0-9_-]{43})$/)
  if (!match) return null
  const [, address, proof] = match as unknown as [string, string, string]
  const expected = Buffer.from(proofOf(secret, address))
  const given = Buffer.from(proof)
  return expected.length === given.length && timingSafeEqual(expected, given) ? address : null
}

/** A copy of `headers` carrying `address`, signed (whatever the caller sent is replaced). */
export function withClientAddress(
  headers: Headers,
  secret: string,
  address: string | undefined,
): Headers {
  const copy = new Headers(headers)
  copy.delete(CLIENT_ADDRESS_HEADER)
  if (address) copy.set(CLIENT_ADDRESS_HEADER, signClientAddress(secret, address))
  return copy
}
