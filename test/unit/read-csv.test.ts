import { parse } from 'csv-parse/sync'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { CsvFileError, MAX_CSV_CELL, MAX_CSV_ROWS, readCsv } from '../../src/spreadsheets/readCsv'

const encode = (text: string) => new TextEncoder().encode(text)

/** How many times other work got a turn of the server's loop while `work` ran. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0
  let running = true
  const probe = () => {
    if (!running) return
    turns++
    setImmediate(probe)
  }
  setImmediate(probe)
  try {
    await work()
  } finally {
    running = false
  }
  return turns
}

/**
 * A spreadsheet read for an import or its preview (src/spreadsheets/readCsv.ts): read a slice at a
 * time, so that a file of the largest size does not hold every other request while it is parsed,
 * and read exactly as the one-go parser reads it wherever the slices fall.
 */
describe('readCsv', () => {
  it('lets other requests run while a file of nearly 10 MB is read', async () => {
    const cell = 'x'.repeat(1_900)
    const lines = ['title,start,description']
    for (let row = 0; row < MAX_CSV_ROWS; row++)
      lines.push(`Title ${row},2027-01-01 10:00,"${cell}, ""quoted"""`)
    const bytes = encode(lines.join('\n'))
    expect(bytes.byteLength).toBeGreaterThan(9_000_000)

    let table: Awaited<ReturnType<typeof readCsv>> | undefined
    const turns = await turnsDuring(async () => {
      table = await readCsv(bytes)
    })
    expect(table!.rows).toHaveLength(MAX_CSV_ROWS)
    expect(table!.rows.at(-1)).toEqual({
      cells: [`Title ${MAX_CSV_ROWS - 1}`, '2027-01-01 10:00', `${cell}, "quoted"`],
      number: MAX_CSV_ROWS + 1,
    })
    // One turn at least for each 64 KB decoded and each 64 KB parsed.
    expect(turns).toBeGreaterThan(100)
  })

  it('reads what the one-go parser reads, wherever the slices fall', async () => {
    // Quoted cells with commas, quotes and line ends; semicolons; long cells that span slices.
    const cellOf = fc.oneof(
      fc.string({ maxLength: 8 }).map((text) => text.replace(/[",;\r\n]/g, '')),
      fc.string({ maxLength: 20 }).map((text) => `"${text.replace(/"/g, '""')}"`),
      fc
        .tuple(fc.constantFrom('a', 'é', '"', ',', '\n', ';'), fc.integer({ max: 70_000, min: 1 }))
        .map(([unit, count]) => `"${unit.repeat(count).replace(/"/g, '""')}"`),
    )
    const fileOf = fc
      .tuple(
        fc.constantFrom(',', ';'),
        fc.array(fc.array(cellOf, { maxLength: 4, minLength: 1 }), { maxLength: 6, minLength: 1 }),
        fc.constantFrom('\n', '\r\n'),
      )
      .map(([delimiter, rows, end]) =>
        [
          ['title', 'start', 'venue'].join(delimiter),
          ...rows.map((row) => row.join(delimiter)),
        ].join(end),
      )
    await fc.assert(
      fc.asyncProperty(fileOf, async (text) => {
        const delimiter = text.slice(0, text.search(/\r?\n|$/)).includes(',') ? ',' : ';'
        // The one-go parser with readCsv's options: a record over the bound is refused by both.
        let expected: 'refused' | string[][]
        try {
          expected = parse(text, {
            bom: true,
            delimiter,
            max_record_size: MAX_CSV_CELL * 2,
            relax_column_count: true,
            skip_empty_lines: true,
          }) as string[][]
        } catch {
          expected = 'refused'
        }
        let read: 'refused' | string[][]
        try {
          const table = await readCsv(encode(text))
          read = [table.header, ...table.rows.map((row) => row.cells)]
        } catch (error) {
          if (!(error instanceof CsvFileError)) throw error
          read = 'refused'
        }
        expect(read).toEqual(expected)
      }),
      { numRuns: 40 },
    )
  })

  it('reads a file that is not UTF-8 as Windows-1252, and refuses what is no CSV', async () => {
    const latin = Uint8Array.from([...encode('title,venue\nCaf'), 0xe9, ...encode(',Salle')])
    expect((await readCsv(latin)).rows[0]!.cells).toEqual(['Café', 'Salle'])
    await expect(readCsv(encode('title\n"open quote'))).rejects.toThrow(CsvFileError)
    await expect(readCsv(Uint8Array.from([0x61, 0, 0x62]))).rejects.toThrow(CsvFileError)
    const tooMany = ['title', ...Array.from({ length: MAX_CSV_ROWS + 1 }, (_, n) => `T${n}`)]
    await expect(readCsv(encode(tooMany.join('\n')))).rejects.toThrow('more than 5,000 rows')
  })
})
