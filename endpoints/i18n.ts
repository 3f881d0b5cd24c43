export type Language = string

/** A text in each served language; `en` is required and is the fallback. */
export type LocalizedText = { en: string } & Record<string, string>

export const text = (en: string, translations: Record<string, string> = {}): LocalizedText => ({
  en,
  ...translations,
})
