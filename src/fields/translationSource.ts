import { clientComponent } from '../admin/paths'

/**
 * The admin settings that put, under a localized field, its default-language text while a
 * translation is edited (`src/admin/TranslationSource.tsx`), for every translated field of the
 * calendar's events, venues, organizers, categories and tags.
 */
export function translationSource(fieldName: string) {
  return {
    components: {
      afterInput: [{ clientProps: { fieldName }, path: clientComponent('TranslationSource') }],
    },
  }
}

/**
 * The same for a rich text field, with its label in the editor's language
 * (`src/admin/TranslatedFieldLabel.tsx`): the rich text editor otherwise shows the label in the
 * language of the first editor who opened the form.
 */
export function richTextTranslationSource(fieldName: string) {
  const { components } = translationSource(fieldName)
  return { components: { ...components, Label: clientComponent('TranslatedFieldLabel') } }
}
