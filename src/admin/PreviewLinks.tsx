'use client'

import { useDocumentInfo, useLocale } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

import type { PermalinkKind } from '../lib/urls'

import { permalink } from '../lib/urls'
import { useCalendarTranslation } from '../i18n/useCalendarTranslation'
import { siteUrlAt } from './siteUrlAt'

type Props = {
  /** The compatibility API's root for this collection, e.g. `https://site/wp-json/vendor/events/v1/events`. */
  apiURL: string
  defaultLanguage?: string
  kind: PermalinkKind
  languages?: string[]
  /** The origins the site answers under (`PreviewLinksField`); without them, SITE_URL's alone. */
  siteOrigins?: string[]
  siteUrl: string
}

/**
 * Where the item is read: its public page (WordPress's plain `?post_type=…&p=ID` while
 * unpublished, its permalink once published, as the API's `url` says; in the language being
 * edited, under `/fr/` or `/es/`), which this app serves for events (`src/public/`) and shows a
 * signed-in editor as a preview while unpublished; and its JSON in the compatibility API, which
 * shows a draft only to those signed in who may see it. Venues and organizers have no public
 * page here: only their API link.
 */
export function PreviewLinks({
  apiURL,
  defaultLanguage,
  kind,
  languages,
  siteOrigins,
  siteUrl: configuredSiteUrl,
}: Props) {
  // Known in the browser only: the server's render (and the hydration) keeps SITE_URL.
  const [siteUrl, setSiteUrl] = useState(configuredSiteUrl)
  useEffect(
    () => setSiteUrl(siteUrlAt(window.location.origin, configuredSiteUrl, siteOrigins)),
    [configuredSiteUrl, siteOrigins],
  )
  const { t } = useCalendarTranslation()
  const { id, savedDocumentData } = useDocumentInfo()
  const locale = useLocale()
  const slug = savedDocumentData?.slug as string | undefined
  const status = savedDocumentData?.status as string | undefined
  if (id === undefined || id === null || status === 'trash') return null
  const published = status === 'publish'
  const language =
    locale?.code && locale.code !== defaultLanguage && languages?.includes(locale.code)
      ? locale.code
      : undefined
  const pageUrl = permalink(
    { siteUrl: language ? `${siteUrl}/${language}` : siteUrl } as never,
    kind,
    { id, slug, status },
  )
  return (
    <p
      className="preview-links"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 'calc(var(--base) / 2)' }}
    >
      {kind === 'events' ? (
        <a className="preview-links__page" href={pageUrl} rel="noopener" target="_blank">
          {published ? t('viewPublicPage') : t('previewPublicPage')}
        </a>
      ) : null}
      <a className="preview-links__api" href={`${apiURL}/${id}`} rel="noopener" target="_blank">
        {t('viewInApi')}
      </a>
    </p>
  )
}
