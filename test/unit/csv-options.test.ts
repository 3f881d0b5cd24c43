/** The command line of the spreadsheets (docs/spreadsheets.md): `import --csv` and `export --csv` beside the other commands. */
import { expect, it } from 'vitest'
import { parseCommand } from '../../src/cli/options'
it('reads import --csv and export --csv, and refuses what does not go with them', () => {
  const bad: [string[], string][] = [
    [['import'], 'import needs --from'],
    [['import', '--from', 'https://x', '--file', 'd.json'], 'not --file and --from'],
    [['import', '--file', 'd.json', '--languages', 'en'], '--languages only go with --from'],
    [['export'], 'export needs --out'],
    [['export', '--out', 'd.json', '--dry-run'], '--dry-run only go with import'],
    [['import', '--file', 'd.json', '--keep-roles'], '--keep-roles only go with --from'],
    [['import', '--csv', 'a.csv'], '--csv needs --type'],
    [
      ['import', '--csv', 'a.csv', '--type', 'events', '--from', 'x'],
      '--from do not go with --csv',
    ],
    [['export', '--out', 'd.json', '--status', 'draft'], '--status only go with --csv'],
    [['export', '--csv', 'a.csv', '--start', 'x'], '--start and --end go together'],
  ]
  for (const [argv, message] of bad) expect(() => parseCommand(argv, {})).toThrow(message)
  expect(parseCommand(['export', '--out', 'dump.json'], {})).toEqual({
    command: 'export',
    out: 'dump.json',
  })
  expect(parseCommand(['import', '--csv', 'a.csv', '--type', 'venues', '--dry-run'], {})).toEqual({
    command: 'import',
    csv: 'a.csv',
    dryRun: true,
    status: undefined,
    type: 'venues',
  })
  expect(
    parseCommand(['export', '--csv', '-', '--status', 'publish,draft', '--category', 'Jazz'], {}),
  ).toMatchObject({ command: 'export', csv: '-', status: ['publish', 'draft'], category: 'Jazz' })
})
