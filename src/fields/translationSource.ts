import { clientComponent } from '../admin/paths'

/**
 * The admin settings that put, under a localized field, its default-language text while a
 * translation is edited (`src/admin/TranslationSource.tsx`), for every translated field of the
 * calendar's events, venues, organizers, categories and tags.
 */
export function translationSource(fieldName: string) {
  return { components: { afterInput: [{ clientProps: { fieldName }, path: clientComponent('TranslationSource') }] } }
}
