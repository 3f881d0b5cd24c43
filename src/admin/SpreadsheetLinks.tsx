'use client'

import { Button, useConfig, useTranslation } from '@payloadcms/ui'
import { useSearchParams } from 'next/navigation.js'
import { useMemo } from 'react'

import { CSV_API_PATH, CSV_IMPORT_VIEW_PATH, spreadsheetWords } from './spreadsheetWords'

/**
 * "Export CSV" and "Import CSV" on the events list: the export answers the list as filtered
 * now (its `where` and its search, as the list keeps them in the address), in The Events
 * Calendar's CSV columns, with what the editor may see of it; the import opens its own view.
 */
export function SpreadsheetLinks() {
  const { config } = useConfig()
  const { i18n } = useTranslation()
  const words = spreadsheetWords(i18n.language)
  const searchParams = useSearchParams()
  const exportHref = useMemo(() => {
    const params = new URLSearchParams()
    for (const [name, value] of searchParams.entries())
      if (name === 'search' || name.startsWith('where[')) params.append(name, value)
    const search = params.toString()
    return `${config.serverURL ?? ''}${config.routes.api}${CSV_API_PATH}/export${search ? `?${search}` : ''}`
  }, [config.routes.api, config.serverURL, searchParams])
  return (
    <>
      <Button buttonStyle="pill" el="anchor" size="small" url={exportHref}>
        {words.exportCsv}
      </Button>
      <Button
        buttonStyle="pill"
        el="link"
        size="small"
        url={`${config.routes.admin}${CSV_IMPORT_VIEW_PATH}`}
      >
        {words.importCsv}
      </Button>
    </>
  )
}
