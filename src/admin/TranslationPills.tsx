import type { Translate } from '../i18n/index'

export type Locale = { code: string; label: string }

/**
 * Which languages an item is written in: every language is a pill, filled when translated,
 * outlined and struck through when missing. Shared by the list cell (on the server) and the
 * form's sidebar (in the browser).
 */
export function TranslationPills({
  locales,
  present,
  t,
}: {
  locales: Locale[]
  present: Set<string>
  t: Translate
}) {
  const missing = locales.filter((locale) => !present.has(locale.code))
  return (
    <div
      aria-label={
        missing.length
          ? t('missingLanguages', { languages: missing.map((l) => l.label).join(', ') })
          : t('translatedEverywhere')
      }
      className="translation-status"
      data-missing={missing.map((l) => l.code).join(' ')}
      style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}
    >
      {locales.map((locale) => {
        const has = present.has(locale.code)
        return (
          <span
            key={locale.code}
            style={{
              border: '1px solid var(--theme-elevation-400)',
              borderRadius: 3,
              fontSize: 11,
              letterSpacing: '0.04em',
              opacity: has ? 1 : 0.55,
              padding: '0 5px',
              textDecoration: has ? 'none' : 'line-through',
              background: has ? 'var(--theme-elevation-150)' : 'transparent',
            }}
            title={t(has ? 'languageTranslated' : 'languageMissing', { language: locale.label })}
          >
            {locale.code.toUpperCase()}
          </span>
        )
      })}
    </div>
  )
}

/** The titles by language of an item read with `locale=all`: the languages that have one. */
export function languagesWithTitle(titles: unknown): Set<string> {
  const byLanguage = (titles && typeof titles === 'object' ? titles : {}) as Record<string, unknown>
  return new Set(
    Object.entries(byLanguage)
      .filter(([, title]) => typeof title === 'string' && title.trim() !== '')
      .map(([code]) => code),
  )
}
