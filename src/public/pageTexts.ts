import { text, type LocalizedText } from '../../endpoints/i18n'

/** The public event page's own words, in the languages of the API (`endpoints/i18n.ts`); English is the fallback. */
export const PAGE_TEXTS = {
  addToCalendar: text('Add to calendar (.ics)', {
    fr: 'Ajouter à l’agenda (.ics)',
    es: 'Añadir al calendario (.ics)',
  }),
  allDay: text('All day', { fr: 'Toute la journée', es: 'Todo el día' }),
  categories: text('Categories', { fr: 'Catégories', es: 'Categorías' }),
  cost: text('Cost', { fr: 'Prix', es: 'Precio' }),
  nextDates: text('Next dates', { fr: 'Dates suivantes', es: 'Próximas fechas' }),
  notFound: text('This event does not exist or is not public.', {
    fr: 'Cet évènement n’existe pas ou n’est pas public.',
    es: 'Este evento no existe o no es público.',
  }),
  notFoundTitle: text('Event not found', {
    fr: 'Évènement introuvable',
    es: 'Evento no encontrado',
  }),
  organizers: text('Organizers', { fr: 'Organisateurs', es: 'Organizadores' }),
  preview: text('Preview: this event is not public', {
    fr: 'Aperçu : cet évènement n’est pas public',
    es: 'Vista previa: este evento no es público',
  }),
  protected: text('This event is protected by a password.', {
    fr: 'Cet évènement est protégé par un mot de passe.',
    es: 'Este evento está protegido con contraseña.',
  }),
  repeats: text('Repeats', { fr: 'Récurrence', es: 'Se repite' }),
  tags: text('Tags', { fr: 'Étiquettes', es: 'Etiquetas' }),
  upcomingDates: text('Upcoming dates', { fr: 'Dates à venir', es: 'Fechas próximas' }),
  venue: text('Venue', { fr: 'Lieu', es: 'Lugar' }),
  website: text('Website', { fr: 'Site web', es: 'Sitio web' }),
  wholeSeries: text('All dates of this event', {
    fr: 'Toutes les dates de cet évènement',
    es: 'Todas las fechas de este evento',
  }),
  when: text('When', { fr: 'Quand', es: 'Cuándo' }),
} satisfies Record<string, LocalizedText>

export const inLanguage = (localized: LocalizedText, language: string): string =>
  localized[language] ?? localized.en
