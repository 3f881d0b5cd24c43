/** The quick edit's own words (the fields' names and statuses are the plugin's, `src/i18n`), in the admin's languages. */
const WORDS = {
  en: {
    column: 'Quick edit',
    open: 'Quick edit',
    saved: 'Saved.',
    title: (name: string) => `Quick edit: ${name}`,
  },
  fr: {
    column: 'Modification rapide',
    open: 'Modification rapide',
    saved: 'Enregistré.',
    title: (name: string) => `Modification rapide : ${name}`,
  },
  es: {
    column: 'Edición rápida',
    open: 'Edición rápida',
    saved: 'Guardado.',
    title: (name: string) => `Edición rápida: ${name}`,
  },
}

export type QuickEditWords = (typeof WORDS)['en']

export const quickEditWords = (language: string | undefined): QuickEditWords =>
  WORDS[(language ?? 'en') as keyof typeof WORDS] ?? WORDS.en

/** The column's header, as Payload asks a label in the editor's language. */
export const quickEditColumnLabel = ({ i18n }: { i18n: { language: string } }): string =>
  quickEditWords(i18n.language).column
