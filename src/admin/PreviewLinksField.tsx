import type { Payload } from 'payload'
import type { ComponentProps } from 'react'

import { PreviewLinks } from './PreviewLinks'

/**
 * The preview links with the origins the site answers under (its SITE_URL and the origins whose
 * signed-in browsers it trusts, Payload's `csrf`), read on the server: the browser then links to
 * the public page under the origin the admin was opened at, when it is one of those, so that
 * the editor's session goes with the link.
 */
export function PreviewLinksField(
  props: ComponentProps<typeof PreviewLinks> & { payload: Payload },
) {
  const { payload, siteUrl } = props
  const siteOrigins = [
    ...new Set([new URL(siteUrl).origin, ...(payload.config.csrf ?? [])].map(originOf)),
  ].filter((origin): origin is string => Boolean(origin))
  return (
    <PreviewLinks
      apiURL={props.apiURL}
      defaultLanguage={props.defaultLanguage}
      kind={props.kind}
      languages={props.languages}
      siteOrigins={siteOrigins}
      siteUrl={siteUrl}
    />
  )
}

const originOf = (address: string): string | undefined => {
  try {
    return new URL(address).origin
  } catch {
    return undefined
  }
}
