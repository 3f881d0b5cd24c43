import { text, type LocalizedText } from '../../endpoints/i18n'

/** The feeds' own words, in the languages of the API (`endpoints/i18n.ts`); English is the fallback. */
export const FEED_TEXTS = {
  calendarName: text('Events', { fr: 'Événements', es: 'Eventos' }),
  calendarDescription: text('Events for', { fr: 'Événements de', es: 'Eventos de' }),
  // The Events Calendar's own wording for a protected event's description in its feeds.
  contentProtected: text('Content is protected.', { fr: 'Le contenu est protégé.', es: 'El contenido está protegido.' }),
  notFound: text('No such event.', { fr: 'Cet événement n’existe pas.', es: 'Este evento no existe.' }),
} satisfies Record<string, LocalizedText>

export const inLanguage = (localized: LocalizedText, language: string): string => localized[language] ?? localized.en
