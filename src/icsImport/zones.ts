import { findIana } from 'windows-iana'

import { isValidTimeZone } from '../lib/timezone'

/**
 * The IANA zone a feed's `TZID` (or `X-WR-TIMEZONE`) names, or undefined: an IANA name as it is
 * (Google, Apple), a Windows zone name through CLDR's mapping (Outlook's "W. Europe Standard
 * Time"), or a name that ends in an IANA name after a vendor's prefix (Mozilla's
 * `/mozilla.org/20050126_1/Europe/Berlin`).
 */
export function ianaZoneOf(tzid: string | undefined): string | undefined {
  const name = tzid?.trim().replace(/^"|"$/g, '')
  if (!name) return undefined
  if (isValidTimeZone(name)) return name
  const windows = findIana(name)?.[0]
  if (windows && isValidTimeZone(windows)) return windows
  const tail = /([A-Za-z_-]+\/[A-Za-z_+-]+(?:\/[A-Za-z_+-]+)?)$/.exec(name)?.[1]
  return tail && isValidTimeZone(tail) ? tail : undefined
}
