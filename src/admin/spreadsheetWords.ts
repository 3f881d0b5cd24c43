/** The words of the spreadsheets' admin pieces (`SpreadsheetLinks`, `CsvImportForm`), in the admin's languages. */
const WORDS = {
  en: {
    chooseFile: 'CSV file',
    columnsHelp:
      'Each column of the file is read as the column chosen above it; the names of The Events Calendar’s CSV importer are recognised by themselves.',
    doNotImport: 'Do not import',
    dryRun: 'Dry run',
    dryRunDone: 'Dry run: nothing was written.',
    exportCsv: 'Export CSV',
    failed: 'failed',
    importCsv: 'Import CSV',
    importNow: 'Import',
    kind: 'What the file holds',
    kinds: { events: 'Events', organizers: 'Organizers', venues: 'Venues' },
    notAllowed: 'You may not import.',
    outcome: 'Outcome',
    preview: 'First rows of the file',
    row: 'Row',
    rowsInFile: (count: number) => `${count} rows in the file.`,
    summary: (created: number, updated: number, failed: number) =>
      `${created} created, ${updated} updated, ${failed} failed.`,
  },
  fr: {
    chooseFile: 'Fichier CSV',
    columnsHelp:
      'Chaque colonne du fichier est lue comme la colonne choisie au-dessus ; les noms de l’importateur CSV de The Events Calendar sont reconnus d’eux-mêmes.',
    doNotImport: 'Ne pas importer',
    dryRun: 'Essai à blanc',
    dryRunDone: 'Essai à blanc : rien n’a été écrit.',
    exportCsv: 'Exporter en CSV',
    failed: 'échec',
    importCsv: 'Importer un CSV',
    importNow: 'Importer',
    kind: 'Contenu du fichier',
    kinds: { events: 'Événements', organizers: 'Organisateurs', venues: 'Lieux' },
    notAllowed: 'Vous ne pouvez pas importer.',
    outcome: 'Résultat',
    preview: 'Premières lignes du fichier',
    row: 'Ligne',
    rowsInFile: (count: number) => `${count} lignes dans le fichier.`,
    summary: (created: number, updated: number, failed: number) =>
      `${created} créés, ${updated} mis à jour, ${failed} en échec.`,
  },
  es: {
    chooseFile: 'Archivo CSV',
    columnsHelp:
      'Cada columna del archivo se lee como la columna elegida encima; los nombres del importador CSV de The Events Calendar se reconocen solos.',
    doNotImport: 'No importar',
    dryRun: 'Prueba',
    dryRunDone: 'Prueba: no se escribió nada.',
    exportCsv: 'Exportar CSV',
    failed: 'fallida',
    importCsv: 'Importar CSV',
    importNow: 'Importar',
    kind: 'Contenido del archivo',
    kinds: { events: 'Eventos', organizers: 'Organizadores', venues: 'Lugares' },
    notAllowed: 'No puede importar.',
    outcome: 'Resultado',
    preview: 'Primeras filas del archivo',
    row: 'Fila',
    rowsInFile: (count: number) => `${count} filas en el archivo.`,
    summary: (created: number, updated: number, failed: number) =>
      `${created} creados, ${updated} actualizados, ${failed} fallidos.`,
  },
}

export type SpreadsheetWords = (typeof WORDS)['en']

export const spreadsheetWords = (language: string | undefined): SpreadsheetWords =>
  WORDS[(language ?? 'en') as keyof typeof WORDS] ?? WORDS.en

/** Where the admin reaches the spreadsheets (src/spreadsheets/endpoints.ts) and the import view. */
export const CSV_API_PATH = '/calendar-csv'
export const CSV_IMPORT_VIEW_PATH = '/import-csv'
