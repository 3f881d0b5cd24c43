'use client'

import { Button, useTranslation } from '@payloadcms/ui'
import { useState } from 'react'

import { CSV_API_PATH, spreadsheetWords } from './spreadsheetWords'

type Kind = 'events' | 'organizers' | 'venues'
type Preview = {
  columns: string[]
  header: string[]
  known: { key: string; label: string }[]
  rowCount: number
  rows: { number: number; cells: string[] }[]
}
type Report = {
  created: number
  dryRun: boolean
  failed: number
  lines: { message: string; outcome: string; row: number }[]
  updated: number
}

/**
 * The "Import CSV" view's form: a file and what it holds, its first rows with the column each
 * of its columns is read as (changed where its header differs from The Events Calendar's), a
 * dry run, then the import; each answers with its report, row by row.
 */
export function CsvImportForm({ apiURL }: { apiURL: string }) {
  const { i18n } = useTranslation()
  const words = spreadsheetWords(i18n.language)
  const [kind, setKind] = useState<Kind>('events')
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<null | Preview>(null)
  const [columns, setColumns] = useState<string[]>([])
  const [report, setReport] = useState<null | Report>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const send = async (route: string, chosen: File, query: Record<string, string>) => {
    setBusy(true)
    setError('')
    try {
      const response = await fetch(
        `${apiURL}${CSV_API_PATH}/${route}?${new URLSearchParams(query).toString()}`,
        {
          body: chosen,
          credentials: 'include',
          headers: { 'Content-Type': 'text/csv' },
          method: 'POST',
        },
      )
      const body = await response.json().catch(() => null)
      if (!response.ok) {
        setError(body?.errors?.[0]?.message ?? response.statusText)
        return null
      }
      return body
    } finally {
      setBusy(false)
    }
  }

  const read = async (chosen: File | null, as: Kind) => {
    setFile(chosen)
    setPreview(null)
    setReport(null)
    if (!chosen) return
    const answer = (await send('preview', chosen, { type: as })) as null | Preview
    setPreview(answer)
    setColumns(answer?.columns ?? [])
  }

  const run = async (dryRun: boolean) => {
    if (!file) return
    const answer = (await send('import', file, {
      columns: columns.join(','),
      dryRun: String(dryRun),
      type: kind,
    })) as null | Report
    setReport(answer)
  }

  return (
    <div className="csv-import">
      <div className="csv-import__choose">
        <label>
          {words.kind}{' '}
          <select
            name="type"
            onChange={(event) => {
              const next = event.target.value as Kind
              setKind(next)
              void read(file, next)
            }}
            value={kind}
          >
            {(['events', 'venues', 'organizers'] as const).map((value) => (
              <option key={value} value={value}>
                {words.kinds[value]}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          {words.chooseFile}{' '}
          <input
            accept=".csv,text/csv"
            name="file"
            onChange={(event) => void read(event.target.files?.[0] ?? null, kind)}
            type="file"
          />
        </label>
      </div>
      {error ? (
        <p className="csv-import__error" role="alert">
          {error}
        </p>
      ) : null}
      {preview ? (
        <section className="csv-import__preview">
          <h3>{words.preview}</h3>
          <p>
            {words.rowsInFile(preview.rowCount)} {words.columnsHelp}
          </p>
          <div style={{ overflowX: 'auto' }}>
            <table>
              <thead>
                <tr>
                  <th>{words.row}</th>
                  {preview.header.map((name, index) => (
                    <th key={index}>
                      <div>{name}</div>
                      <select
                        aria-label={name}
                        onChange={(event) =>
                          setColumns((current) =>
                            current.map((key, at) => (at === index ? event.target.value : key)),
                          )
                        }
                        value={columns[index] ?? ''}
                      >
                        <option value="">{words.doNotImport}</option>
                        {preview.known.map(({ key, label }) => (
                          <option key={key} value={key}>
                            {label}
                          </option>
                        ))}
                      </select>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.number}>
                    <td>{row.number}</td>
                    {preview.header.map((_, index) => (
                      <td key={index}>{row.cells[index] ?? ''}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Button buttonStyle="secondary" disabled={busy} onClick={() => void run(true)}>
            {words.dryRun}
          </Button>{' '}
          <Button disabled={busy} onClick={() => void run(false)}>
            {words.importNow}
          </Button>
        </section>
      ) : null}
      {report ? (
        <section className="csv-import__report">
          <p role="status">
            {report.dryRun ? `${words.dryRunDone} ` : ''}
            {words.summary(report.created, report.updated, report.failed)}
          </p>
          <table>
            <thead>
              <tr>
                <th>{words.row}</th>
                <th>{words.outcome}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {report.lines.map((line, index) => (
                <tr key={index}>
                  <td>{line.row}</td>
                  <td>{line.outcome === 'failed' ? words.failed : line.outcome}</td>
                  <td>{line.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  )
}
