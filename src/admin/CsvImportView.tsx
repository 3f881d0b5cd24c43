import type { AdminViewServerProps } from 'payload'

import { Gutter, SetStepNav } from '@payloadcms/ui'

import { can } from '../lib/roles'
import { CsvImportForm } from './CsvImportForm'
import { CSV_IMPORT_VIEW_PATH, spreadsheetWords } from './spreadsheetWords'

/**
 * "Import CSV", at `/admin/import-csv`: events, venues or organizers from a spreadsheet in The
 * Events Calendar's CSV columns (docs/spreadsheets.md), for those who may write events. The
 * form sends the file to the spreadsheets' endpoints, which write with the editor's own access.
 */
export function CsvImportView({ initPageResult }: AdminViewServerProps) {
  const { req } = initPageResult
  const config = req.payload.config
  const words = spreadsheetWords(req.i18n.language)
  return (
    <Gutter className="csv-import-view">
      <SetStepNav
        nav={[{ label: words.importCsv, url: `${config.routes.admin}${CSV_IMPORT_VIEW_PATH}` }]}
      />
      <h1>{words.importCsv}</h1>
      {can(req.user as never, 'edit_posts') ? (
        <CsvImportForm apiURL={`${config.serverURL ?? ''}${config.routes.api}`} />
      ) : (
        <p>{words.notAllowed}</p>
      )}
    </Gutter>
  )
}
