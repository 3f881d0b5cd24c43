'use client'

import { useDocumentInfo } from '@payloadcms/ui'

import type { PermalinkKind } from '../../endpoints/urls'

import { permalink } from '../../endpoints/urls'
import { useCalendarTranslation } from '../i18n/useCalendarTranslation'

type Props = {
  /** The compatibility API's root for this collection, e.g. `https://site/wp-json/vendor/events/v1/events`. */
  apiURL: string
  kind: PermalinkKind
  siteUrl: string
}

/**
 * Where the item is read: its public address (WordPress's plain `?post_type=…&p=ID` while
 * unpublished, its permalink once published, as the API's `url` says) and its JSON in the
 * compatibility API, which shows a draft only to those signed in who may see it.
 */
export function PreviewLinks({ apiURL, kind, siteUrl }: Props) {
  const { t } = useCalendarTranslation()
  const { id, savedDocumentData } = useDocumentInfo()
  const slug = savedDocumentData?.slug as string | undefined
  const status = savedDocumentData?.status as string | undefined
  if (id === undefined || id === null || status === 'trash') return null
  const published = status === 'publish'
  return (
    <p className="preview-links" style={{ display: 'flex', flexWrap: 'wrap', gap: 'calc(var(--base) / 2)' }}>
      <a className="preview-links__page" href={permalink({ siteUrl } as never, kind, { id, slug, status })} rel="noopener" target="_blank">
        {published ? t('viewPublicPage') : t('previewPublicPage')}
      </a>
      <a className="preview-links__api" href={`${apiURL}/${id}`} rel="noopener" target="_blank">
        {t('viewInApi')}
      </a>
    </p>
  )
}
