import type { ParamSpecs } from '../params'

import { formatWallTime } from '../../src/lib/phpDate'
import { text } from '../i18n'
import {
  filterPostStatusList,
  idListOf,
  idOf,
  isPositiveInt,
  isPositiveIntList,
  isString,
  isTime,
  slugOf,
  supportsTicketed,
  termListOf,
  toList,
} from '../validators'

const YEARS_AHEAD_MONTHS = 24

/**
 * The default window's start: the site-local wall time of "yesterday 23:59 UTC", which the
 * original computes per request (so sites west of UTC start at the beginning of yesterday).
 */
export const defaultStartDate = ({ now, siteTimezone }: { now: Date; siteTimezone: string }) => {
  const yesterday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 23, 59, 0))
  return formatWallTime(yesterday, siteTimezone)
}

/** The default window's end: now plus two years, on the UTC clock as the original has it. */
export const defaultEndDate = ({ now }: { now: Date }) => {
  const end = new Date(now.getTime())
  end.setUTCMonth(end.getUTCMonth() + YEARS_AHEAD_MONTHS)
  return formatWallTime(end, 'UTC')
}

/** `GET /events` (`contract.md` §5.1), in the original's declaration order. */
export const listEventsArgs = (collections: { categories: string; events: string; organizers: string; tags: string; venues: string }, defaultPerPage: number, maxPerPage: number): ParamSpecs => ({
  page: {
    default: 1,
    description: text('The archive page to return', { fr: 'La page d’archive à renvoyer', es: 'La página del archivo que se devuelve' }),
    type: 'integer',
    validate: isPositiveInt,
  },
  per_page: {
    default: String(defaultPerPage),
    description: text('The number of events to return on each page', { fr: 'Le nombre d’événements à renvoyer par page', es: 'El número de eventos que se devuelven en cada página' }),
    type: 'integer',
    validate: isPositiveInt,
    sanitize: (value) => Math.min(Number(value), maxPerPage),
  },
  start_date: {
    default: defaultStartDate,
    description: text('Events that start on the specified date', { fr: 'Les événements qui commencent à la date indiquée', es: 'Eventos que empiezan en la fecha indicada' }),
    swaggerType: 'string',
    validate: isTime,
  },
  end_date: {
    default: defaultEndDate,
    description: text('Events that end on the specified date', { fr: 'Les événements qui se terminent à la date indiquée', es: 'Eventos que terminan en la fecha indicada' }),
    swaggerType: 'string',
    validate: isTime,
  },
  starts_before: {
    description: text('Events that start before the specified date', { fr: 'Les événements qui commencent avant la date indiquée', es: 'Eventos que empiezan antes de la fecha indicada' }),
    swaggerType: 'string',
    validate: isTime,
  },
  starts_after: {
    description: text('Events that start after the specified date', { fr: 'Les événements qui commencent après la date indiquée', es: 'Eventos que empiezan después de la fecha indicada' }),
    swaggerType: 'string',
    validate: isTime,
  },
  ends_before: {
    description: text('Events that end before the specified date', { fr: 'Les événements qui se terminent avant la date indiquée', es: 'Eventos que terminan antes de la fecha indicada' }),
    swaggerType: 'string',
    validate: isTime,
  },
  ends_after: {
    description: text('Events that end after the specified date', { fr: 'Les événements qui se terminent après la date indiquée', es: 'Eventos que terminan después de la fecha indicada' }),
    swaggerType: 'string',
    validate: isTime,
  },
  strict_dates: {
    default: 'false',
    description: text(
      'Dates set using the start_date/end_date, starts_*/ends_* are set to start at the specified times. The default behavior is to include the entire days.',
      {
        fr: 'Les dates données par start_date/end_date et starts_*/ends_* s’appliquent à l’heure exacte indiquée. Par défaut, les journées entières sont incluses.',
        es: 'Las fechas dadas con start_date/end_date y starts_*/ends_* se aplican a la hora exacta indicada. Por defecto se incluyen los días completos.',
      },
    ),
    swaggerType: 'string',
    validate: isString,
  },
  search: {
    description: text('Events should contain the specified string in the title or description', { fr: 'Les événements doivent contenir ce texte dans leur titre ou leur description', es: 'Los eventos deben contener este texto en el título o la descripción' }),
    type: 'string',
    validate: isString,
  },
  categories: {
    description: text('Events should be assigned one of the specified categories slugs or IDs', { fr: 'Les événements doivent avoir l’une de ces catégories (identifiants ou slugs)', es: 'Los eventos deben tener una de estas categorías (identificadores o slugs)' }),
    swaggerType: 'array',
    items: { type: 'integer' },
    validate: termListOf(collections.categories),
  },
  tags: {
    description: text('Events should be assigned one of the specified tags slugs or IDs', { fr: 'Les événements doivent avoir l’une de ces étiquettes (identifiants ou slugs)', es: 'Los eventos deben tener una de estas etiquetas (identificadores o slugs)' }),
    swaggerType: 'array',
    items: { type: 'integer' },
    validate: termListOf(collections.tags),
  },
  venue: {
    description: text('Events should be assigned one of the specified venue IDs', { fr: 'Les événements doivent avoir l’un de ces lieux (identifiants)', es: 'Los eventos deben tener uno de estos lugares (identificadores)' }),
    swaggerType: 'array',
    items: { type: 'integer' },
    validate: idListOf(collections.venues),
  },
  organizer: {
    description: text('Events should be assigned one of the specified organizer IDs', { fr: 'Les événements doivent avoir l’un de ces organisateurs (identifiants)', es: 'Los eventos deben tener uno de estos organizadores (identificadores)' }),
    swaggerType: 'array',
    items: { type: 'integer' },
    validate: idListOf(collections.organizers),
  },
  featured: {
    type: 'boolean',
    description: text('Events should be filtered by their featured status', { fr: 'Filtre les événements selon qu’ils sont mis en avant ou non', es: 'Filtra los eventos según estén destacados o no' }),
  },
  status: {
    format: 'string',
    description: text('The event post status', { fr: 'Le statut de publication de l’événement', es: 'El estado de publicación del evento' }),
    swaggerType: 'string',
    validate: filterPostStatusList,
    sanitize: (value) => toList(value).map((status) => String(status).trim()),
  },
  geoloc: {
    type: 'boolean',
    description: text('Events should be filtered by whether their venue has geolocation data', { fr: 'Filtre les événements selon que leur lieu a des coordonnées ou non', es: 'Filtra los eventos según su lugar tenga coordenadas o no' }),
  },
  geoloc_lat: {
    format: 'double',
    description: text('Events should be filtered by their venue latitude location, must also provide geoloc_lng', { fr: 'Latitude du lieu des événements ; geoloc_lng est aussi requis', es: 'Latitud del lugar de los eventos; también se requiere geoloc_lng' }),
    swaggerType: 'number',
  },
  geoloc_lng: {
    format: 'double',
    description: text('Events should be filtered by their venue longitude location, must also provide geoloc_lat', { fr: 'Longitude du lieu des événements ; geoloc_lat est aussi requis', es: 'Longitud del lugar de los eventos; también se requiere geoloc_lat' }),
    swaggerType: 'number',
  },
  include: {
    description: text('Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.', { fr: 'Seulement les événements de ces identifiants (liste ou CSV) ; les filtres de dates sont alors ignorés.', es: 'Solo los eventos con estos identificadores (lista o CSV); los filtros de fecha se ignoran.' }),
    swaggerType: 'array',
    items: { type: 'integer' },
    validate: isPositiveIntList,
    sanitize: (value) => toList(value).map(Number),
  },
  post_parent: {
    type: 'integer',
    description: text('Events should be filtered by their post_parent being the specified one.', { fr: 'Filtre les événements dont l’événement parent est celui indiqué.', es: 'Filtra los eventos cuyo evento padre es el indicado.' }),
    validate: idOf(collections.events),
  },
  ticketed: {
    type: 'boolean',
    description: text('Filter events with or without tickets.', { fr: 'Filtre les événements avec ou sans billets.', es: 'Filtra los eventos con o sin entradas.' }),
    validate: supportsTicketed,
  },
})

const eventIdArg = {
  type: 'integer' as const,
  description: text('the event post ID', { fr: 'l’identifiant de l’événement', es: 'el identificador del evento' }),
  required: true,
  in: 'path' as const,
}

const passwordArg = {
  type: 'string' as const,
  description: text('The event password', { fr: 'Le mot de passe de l’événement', es: 'La contraseña del evento' }),
  validate: isString,
}

/** `GET|DELETE /events/{id}`: the id's format only; whether it exists is the handler's answer (404). */
export const readEventArgs: ParamSpecs = { id: eventIdArg, password: passwordArg }

export const readEventBySlugArgs = (events: string): ParamSpecs => ({
  slug: {
    type: 'string',
    description: text('the event post name', { fr: 'le slug de l’événement', es: 'el slug del evento' }),
    required: true,
    in: 'path',
    validate: slugOf(events),
  },
})
