/**
 * The site's address under the origin the admin is open at (`here`), when that is one of the
 * site's own: the public page of a draft is shown only to a signed-in editor, whose session
 * cookie belongs to that origin, and SITE_URL may name another (`localhost` for an admin opened
 * at `127.0.0.1`). Any other origin keeps SITE_URL.
 */
export function siteUrlAt(here: string, siteUrl: string, siteOrigins: string[] = []): string {
  const site = new URL(siteUrl)
  if (here === site.origin || !siteOrigins.includes(here)) return siteUrl
  return `${here}${site.pathname.replace(/\/$/, '')}`
}
