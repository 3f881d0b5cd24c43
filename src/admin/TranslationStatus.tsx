import type { CollectionSlug, Payload } from 'payload'

type Locale = { code: string; label: string }

type Props = {
  collectionConfig?: { admin?: { useAsTitle?: string }; slug: string }
  collectionSlug?: string
  id?: number | string
  payload: Payload
  rowData?: { id?: number | string }
}

/** The languages in which an item has its title, read in one query across all locales. */
async function translatedLocales(payload: Payload, collection: string, id: number | string, titleField: string) {
  const doc = await payload.findByID({
    collection: collection as CollectionSlug,
    depth: 0,
    disableErrors: true,
    fallbackLocale: false,
    id,
    locale: 'all',
    // The row or form is already one the editor may see; only its titles are read here.
    overrideAccess: true,
    select: { [titleField]: true },
  })
  const titles = ((doc as null | Record<string, unknown>)?.[titleField] ?? {}) as Record<string, unknown>
  return new Set(Object.entries(titles).filter(([, title]) => typeof title === 'string' && title.trim() !== '').map(([code]) => code))
}

function localesOf(payload: Payload): Locale[] {
  const localization = payload.config.localization
  if (!localization) return []
  return localization.locales.map((locale) => ({
    code: locale.code,
    label: typeof locale.label === 'string' ? locale.label : locale.code,
  }))
}

/**
 * Which languages an item is written in and which it still misses, as a list cell and in the
 * edit form's sidebar. Every language is a pill: filled when translated, outlined when missing.
 */
export async function TranslationStatus(props: Props) {
  const { payload } = props
  const slug = props.collectionConfig?.slug ?? props.collectionSlug
  const id = props.rowData?.id ?? props.id
  const locales = localesOf(payload)
  if (!slug || locales.length < 2) return null
  if (id === undefined || id === null) {
    return <p className="field-description">Translations can be added once the item is saved.</p>
  }
  const titleField = payload.collections[slug as CollectionSlug]?.config.admin?.useAsTitle ?? 'title'
  const present = await translatedLocales(payload, slug, id, titleField)
  const missing = locales.filter((locale) => !present.has(locale.code))
  return (
    <div
      aria-label={missing.length ? `Missing: ${missing.map((l) => l.label).join(', ')}` : 'Translated in every language'}
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
            title={`${locale.label}: ${has ? 'translated' : 'missing'}`}
          >
            {locale.code.toUpperCase()}
          </span>
        )
      })}
    </div>
  )
}

/** The same status in the edit form, labelled. */
export async function TranslationStatusField(props: Props) {
  return (
    <div className="field-type translation-status-field" style={{ marginBottom: 'var(--base)' }}>
      <label className="field-label">Translations</label>
      <TranslationStatus {...props} />
    </div>
  )
}
