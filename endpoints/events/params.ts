import type { CollectionSlug } from 'payload'

import type { ArgsContext } from '../context'
import type { ParamSpecs, Validator } from '../params'
import type { PlainDoc } from '../../src/lib/plainDoc'

import { Found, found, optional } from '../params'
import { loadEventBySlug } from '../../src/calendar/events/loadEvents'
import { readOccurrence } from '../../src/calendar/events/occurrences'
import { slugForQuery, slugNotYetGiven } from '../../src/lib/wpSlug'

import { formatWallTime } from '../../src/lib/phpDate'
import { TEXT_LIMITS } from '../../src/lib/textLimits'
import { text } from '../i18n'
import { pagingArgs } from '../pagingArgs'
import { passwordArg } from '../passwordArgs'
import {
  filterPostStatusList,
  idListOf,
  idOf,
  isImageOrEmpty,
  isPostStatus,
  isTimezoneOrEmpty,
  isUrlOrEmpty,
  linkedPostsOf,
  isPositiveIntList,
  isHtml,
  isString,
  isTermIdsOrNames,
  isListTime,
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
  const yesterday = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 23, 59, 0),
  )
  return formatWallTime(yesterday, siteTimezone)
}

/** The default window's end: now plus two years, on the UTC clock as the original has it. */
export const defaultEndDate = ({ now }: { now: Date }) => {
  const end = new Date(now.getTime())
  end.setUTCMonth(end.getUTCMonth() + YEARS_AHEAD_MONTHS)
  return formatWallTime(end, 'UTC')
}

/** `GET /events` (`docs/compatibility.md`, "Route parameters"), in the original's declaration order. */
export const listEventsArgs = (
  collections: {
    categories: string
    events: string
    organizers: string
    tags: string
    venues: string
  },
  defaultPerPage: number,
  maxPerPage: number,
): ParamSpecs => ({
  ...pagingArgs({ en: 'events', fr: 'événements', es: 'eventos' }, defaultPerPage, maxPerPage),
  start_date: {
    default: defaultStartDate,
    description: text('Events that start on the specified date', {
      fr: 'Les événements qui commencent à la date indiquée',
      es: 'Eventos que empiezan en la fecha indicada',
    }),
    swaggerType: 'string',
    validate: isListTime,
  },
  end_date: {
    default: defaultEndDate,
    description: text('Events that end on the specified date', {
      fr: 'Les événements qui se terminent à la date indiquée',
      es: 'Eventos que terminan en la fecha indicada',
    }),
    swaggerType: 'string',
    validate: isListTime,
  },
  starts_before: {
    description: text('Events that start before the specified date', {
      fr: 'Les événements qui commencent avant la date indiquée',
      es: 'Eventos que empiezan antes de la fecha indicada',
    }),
    swaggerType: 'string',
    validate: isListTime,
  },
  starts_after: {
    description: text('Events that start after the specified date', {
      fr: 'Les événements qui commencent après la date indiquée',
      es: 'Eventos que empiezan después de la fecha indicada',
    }),
    swaggerType: 'string',
    validate: isListTime,
  },
  ends_before: {
    description: text('Events that end before the specified date', {
      fr: 'Les événements qui se terminent avant la date indiquée',
      es: 'Eventos que terminan antes de la fecha indicada',
    }),
    swaggerType: 'string',
    validate: isListTime,
  },
  ends_after: {
    description: text('Events that end after the specified date', {
      fr: 'Les événements qui se terminent après la date indiquée',
      es: 'Eventos que terminan después de la fecha indicada',
    }),
    swaggerType: 'string',
    validate: isListTime,
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
    maxLength: TEXT_LIMITS.search,
    description: text('Events should contain the specified string in the title or description', {
      fr: 'Les événements doivent contenir ce texte dans leur titre ou leur description',
      es: 'Los eventos deben contener este texto en el título o la descripción',
    }),
    type: 'string',
    validate: isString,
  },
  categories: {
    csv: true,
    description: text('Events should be assigned one of the specified categories slugs or IDs', {
      fr: 'Les événements doivent avoir l’une de ces catégories (identifiants ou slugs)',
      es: 'Los eventos deben tener una de estas categorías (identificadores o slugs)',
    }),
    swaggerType: 'array',
    items: { type: 'integer' },
    validate: termListOf(collections.categories),
  },
  tags: {
    csv: true,
    description: text('Events should be assigned one of the specified tags slugs or IDs', {
      fr: 'Les événements doivent avoir l’une de ces étiquettes (identifiants ou slugs)',
      es: 'Los eventos deben tener una de estas etiquetas (identificadores o slugs)',
    }),
    swaggerType: 'array',
    items: { type: 'integer' },
    validate: termListOf(collections.tags),
  },
  venue: {
    csv: true,
    description: text('Events should be assigned one of the specified venue IDs', {
      fr: 'Les événements doivent avoir l’un de ces lieux (identifiants)',
      es: 'Los eventos deben tener uno de estos lugares (identificadores)',
    }),
    swaggerType: 'array',
    items: { type: 'integer' },
    validate: idListOf(collections.venues),
  },
  organizer: {
    csv: true,
    description: text('Events should be assigned one of the specified organizer IDs', {
      fr: 'Les événements doivent avoir l’un de ces organisateurs (identifiants)',
      es: 'Los eventos deben tener uno de estos organizadores (identificadores)',
    }),
    swaggerType: 'array',
    items: { type: 'integer' },
    validate: idListOf(collections.organizers),
  },
  featured: {
    type: 'boolean',
    description: text('Events should be filtered by their featured status', {
      fr: 'Filtre les événements selon qu’ils sont mis en avant ou non',
      es: 'Filtra los eventos según estén destacados o no',
    }),
  },
  status: {
    format: 'string',
    description: text('The event post status', {
      fr: 'Le statut de publication de l’événement',
      es: 'El estado de publicación del evento',
    }),
    swaggerType: 'string',
    validate: filterPostStatusList,
    sanitize: (value) => toList(value).map((status) => String(status).trim()),
  },
  geoloc: {
    type: 'boolean',
    description: text('Events should be filtered by whether their venue has geolocation data', {
      fr: 'Filtre les événements selon que leur lieu a des coordonnées ou non',
      es: 'Filtra los eventos según su lugar tenga coordenadas o no',
    }),
  },
  geoloc_lat: {
    format: 'double',
    description: text(
      'Events should be filtered by their venue latitude location, must also provide geoloc_lng',
      {
        fr: 'Latitude du lieu des événements ; geoloc_lng est aussi requis',
        es: 'Latitud del lugar de los eventos; también se requiere geoloc_lng',
      },
    ),
    swaggerType: 'number',
    validate: (value, ctx) => isCoordinate(value, 90) && hasBoth(ctx.query, ctx.body),
  },
  geoloc_lng: {
    format: 'double',
    description: text(
      'Events should be filtered by their venue longitude location, must also provide geoloc_lat',
      {
        fr: 'Longitude du lieu des événements ; geoloc_lat est aussi requis',
        es: 'Longitud del lugar de los eventos; también se requiere geoloc_lat',
      },
    ),
    swaggerType: 'number',
    validate: (value, ctx) => isCoordinate(value, 180) && hasBoth(ctx.query, ctx.body),
  },
  include: {
    csv: true,
    description: text(
      'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.',
      {
        fr: 'Seulement les événements de ces identifiants (liste ou CSV) ; les filtres de dates sont alors ignorés.',
        es: 'Solo los eventos con estos identificadores (lista o CSV); los filtros de fecha se ignoran.',
      },
    ),
    swaggerType: 'array',
    items: { type: 'integer' },
    validate: isPositiveIntList,
    sanitize: (value) => toList(value).map(Number),
  },
  post_parent: {
    type: 'integer',
    description: text('Events should be filtered by their post_parent being the specified one.', {
      fr: 'Filtre les événements dont l’événement parent est celui indiqué.',
      es: 'Filtra los eventos cuyo evento padre es el indicado.',
    }),
    validate: eventOrOccurrenceIdOf(collections.events),
  },
  ticketed: {
    type: 'boolean',
    description: text('Filter events with or without tickets.', {
      fr: 'Filtre les événements avec ou sans billets.',
      es: 'Filtra los eventos con o sin entradas.',
    }),
    validate: supportsTicketed,
  },
  hide_subsequent_recurrences: {
    type: 'boolean',
    // Our extension: the original's index and /doc do not list it, and clients compare them.
    documented: false,
    extension: true,
    description: text(
      'Show each recurring event once, by its first occurrence in the date window (our extension).',
      {
        fr: 'Montre chaque événement récurrent une seule fois, par sa première occurrence dans la période (notre extension).',
        es: 'Muestra cada evento recurrente una sola vez, por su primera ocurrencia en el periodo (nuestra extensión).',
      },
    ),
  },
})

/**
 * `post_parent`: an event's id, as the original checks it, or one of a recurring event's
 * occurrence ids (docs/recurrence.md, "The API's answers"), which the list resolves to its series.
 */
const eventOrOccurrenceIdOf = (events: string): Validator => {
  const eventId = idOf(events)
  return async (value, ctx) => {
    const event = await eventId(value, ctx)
    if (event !== false) return event
    return Number(value) > 0 && (await readOccurrence(ctx, Number(value))) !== undefined
  }
}

/** `?recurrence=true` on single reads: the series' rule, our extension (docs/recurrence.md). */
const recurrenceArg = {
  type: 'boolean' as const,
  // Our extension, not listed in the index or /doc, which stay the original's.
  documented: false as const,
  extension: true as const,
  description: text(
    "Add the recurring event's rule, in RFC 5545 text and in words (our extension).",
    {
      fr: 'Ajoute la règle de l’événement récurrent, en texte RFC 5545 et en mots (notre extension).',
      es: 'Añade la regla del evento recurrente, en texto RFC 5545 y en palabras (nuestra extensión).',
    },
  ),
}

const eventIdArg = {
  type: 'integer' as const,
  description: text('the event post ID', {
    fr: 'l’identifiant de l’événement',
    es: 'el identificador del evento',
  }),
  required: true,
  in: 'path' as const,
}

/** `GET|DELETE /events/{id}`: the id's format only; whether it exists is the handler's answer (404). */
/** The arguments of every route on one event by id. */
const eventItemArgs: ParamSpecs = { id: eventIdArg, password: passwordArg }

export const readEventArgs: ParamSpecs = { ...eventItemArgs, recurrence: recurrenceArg }

/** What an event's slug look-up reads of it: its id and status, and whether its slug is given yet. */
export const SLUG_LOOK_UP_FIELDS = { publishedAt: true, slugTyped: true, status: true } as const

/**
 * Whether the caller finds `event` by its slug: always, unless the slug is one WordPress would not
 * have given yet (`slugNotYetGiven`), which only those who may read the event find it by, so that
 * the answer to a guessed title is the same as to one no event has.
 */
export async function foundBySlug(
  ctx: ArgsContext,
  events: string,
  event: PlainDoc,
): Promise<boolean> {
  if (!slugNotYetGiven(event as never)) return true
  const { totalDocs } = await ctx.payload.count({
    collection: events as CollectionSlug,
    overrideAccess: false,
    req: ctx.req,
    where: { id: { equals: event.id } },
  })
  return totalDocs > 0
}

/**
 * The slug of an event (any status, but a slug not yet given only for those who may read its
 * event: `foundBySlug`), as `slugOf` finds it; on a read where `leanEvent.ts` applies, found with
 * the event itself in one statement (`loadEventBySlug`), which the handler then uses.
 */
const eventSlugOf = (events: string): Validator => {
  const lookUp = slugOf(events, SLUG_LOOK_UP_FIELDS)
  return async (value, ctx) => {
    if (
      (ctx.method === 'GET' || ctx.method === 'HEAD') &&
      typeof value === 'string' &&
      slugForQuery(value) !== ''
    ) {
      const read = await loadEventBySlug(ctx, slugForQuery(value))
      if (read !== undefined) return read ? found(read) : false
    }
    const result = await lookUp(value, ctx)
    if (result instanceof Found && !(await foundBySlug(ctx, events, result.value as PlainDoc)))
      return false
    return result
  }
}

export const readEventBySlugArgs = (events: string): ParamSpecs => ({
  slug: {
    type: 'string',
    description: text('the event post name', {
      fr: 'le slug de l’événement',
      es: 'el slug del evento',
    }),
    required: true,
    in: 'path',
    validate: eventSlugOf(events),
  },
  recurrence: recurrenceArg,
})

/** `POST /events` (`docs/compatibility.md`, "Route parameters"), in the original's declaration order. */
export const createEventArgs = (collections: {
  categories: string
  media: string
  organizers: string
  tags: string
  users: string
  venues: string
}): ParamSpecs => ({
  author: {
    type: 'integer',
    description: text('The event author ID', {
      fr: 'L’identifiant de l’auteur de l’événement',
      es: 'El identificador del autor del evento',
    }),
    validate: idOf(collections.users),
  },
  date: {
    type: 'string',
    description: text('The event publication date', {
      fr: 'La date de publication de l’événement',
      es: 'La fecha de publicación del evento',
    }),
    validate: isTime,
  },
  date_utc: {
    type: 'string',
    description: text('The event publication date (UTC time zone)', {
      fr: 'La date de publication de l’événement (UTC)',
      es: 'La fecha de publicación del evento (UTC)',
    }),
    validate: isTime,
  },
  title: {
    maxLength: TEXT_LIMITS.title,
    type: 'string',
    description: text('The event title', {
      fr: 'Le titre de l’événement',
      es: 'El título del evento',
    }),
    required: true,
    validate: isString,
  },
  description: {
    maxLength: TEXT_LIMITS.description,
    type: 'string',
    description: text('The event description', {
      fr: 'La description de l’événement',
      es: 'La descripción del evento',
    }),
    validate: isHtml,
  },
  slug: {
    type: 'string',
    description: text('The event slug', { fr: 'Le slug de l’événement', es: 'El slug del evento' }),
    validate: isString,
  },
  excerpt: {
    maxLength: TEXT_LIMITS.excerpt,
    type: 'string',
    description: text('The event excerpt', {
      fr: 'L’extrait de l’événement',
      es: 'El extracto del evento',
    }),
    validate: isHtml,
  },
  status: {
    type: 'string',
    description: text('The event post status', {
      fr: 'Le statut de publication de l’événement',
      es: 'El estado de publicación del evento',
    }),
    validate: isPostStatus,
  },
  timezone: {
    type: 'string',
    description: text('The event time zone', {
      fr: 'Le fuseau horaire de l’événement',
      es: 'La zona horaria del evento',
    }),
    validate: isTimezoneOrEmpty,
  },
  all_day: {
    default: false,
    type: 'boolean',
    description: text('Whether the event lasts the whole day or not', {
      fr: 'Si l’événement dure toute la journée',
      es: 'Si el evento dura todo el día',
    }),
  },
  start_date: {
    type: 'string',
    description: text('The event start date and time', {
      fr: 'La date et l’heure de début de l’événement',
      es: 'La fecha y hora de inicio del evento',
    }),
    required: true,
    validate: isTime,
  },
  end_date: {
    type: 'string',
    description: text('The event end date and time', {
      fr: 'La date et l’heure de fin de l’événement',
      es: 'La fecha y hora de fin del evento',
    }),
    required: true,
    validate: isTime,
  },
  image: {
    maxLength: TEXT_LIMITS.url,
    type: 'string',
    description: text('The event featured image ID or URL', {
      fr: 'L’identifiant ou l’URL de l’image de l’événement',
      es: 'El identificador o la URL de la imagen del evento',
    }),
    validate: isImageOrEmpty(collections.media),
  },
  cost: {
    maxLength: TEXT_LIMITS.line,
    description: text('The event cost', {
      fr: 'Le prix de l’événement',
      es: 'El precio del evento',
    }),
    swaggerType: 'string',
  },
  website: {
    maxLength: TEXT_LIMITS.url,
    default: null,
    description: text('The event website URL', {
      fr: 'L’URL du site de l’événement',
      es: 'La URL del sitio del evento',
    }),
    swaggerType: 'string',
    validate: isUrlOrEmpty,
  },
  show_map: {
    type: 'boolean',
    description: text('Whether the event should show a map or not', {
      fr: 'Si l’événement affiche une carte',
      es: 'Si el evento muestra un mapa',
    }),
  },
  show_map_link: {
    type: 'boolean',
    description: text('Whether the event should show a map link or not', {
      fr: 'Si l’événement affiche un lien vers la carte',
      es: 'Si el evento muestra un enlace al mapa',
    }),
  },
  hide_from_listings: {
    type: 'boolean',
    description: text('Whether events should be hidden in the calendar view or not', {
      fr: 'Si l’événement est masqué des listes',
      es: 'Si el evento se oculta de las listas',
    }),
  },
  sticky: {
    type: 'boolean',
    description: text('Whether the event should be sticky in the calendar view or not', {
      fr: 'Si l’événement est épinglé dans le calendrier',
      es: 'Si el evento se fija en el calendario',
    }),
  },
  featured: {
    type: 'boolean',
    description: text('Whether the event should be featured on the site or not', {
      fr: 'Si l’événement est mis en avant',
      es: 'Si el evento se destaca',
    }),
  },
  categories: {
    default: null,
    items: { type: 'integer' },
    description: text('The event category ID or name', {
      fr: 'L’identifiant ou le nom de la catégorie',
      es: 'El identificador o el nombre de la categoría',
    }),
    swaggerType: 'array',
    validate: isTermIdsOrNames,
  },
  tags: {
    default: null,
    items: { type: 'integer' },
    description: text('The event tag ID or name', {
      fr: 'L’identifiant ou le nom de l’étiquette',
      es: 'El identificador o el nombre de la etiqueta',
    }),
    swaggerType: 'array',
    validate: isTermIdsOrNames,
  },
  venue: {
    default: null,
    items: { type: 'integer' },
    description: text('The event venue IDs or data', {
      fr: 'Les identifiants ou les données du lieu',
      es: 'Los identificadores o los datos del lugar',
    }),
    swaggerType: 'array',
    validate: linkedPostsOf(collections.venues, 'venue'),
  },
  organizer: {
    default: null,
    items: { type: 'integer' },
    description: text('The event organizer IDs or data', {
      fr: 'Les identifiants ou les données des organisateurs',
      es: 'Los identificadores o los datos de los organizadores',
    }),
    swaggerType: 'array',
    validate: linkedPostsOf(collections.organizers, 'organizer'),
  },
})

/** `POST|PUT|PATCH /events/{id}`: the id and password, then every create argument made optional. */
export const updateEventArgs = (create: ParamSpecs): ParamSpecs => ({
  ...eventItemArgs,
  ...optional(create),
})

/**
 * `POST|PUT|PATCH /events/by-slug/{slug}`: the body's `slug` renames the event
 * (`docs/compatibility.md`, "Update by slug").
 */
export const updateEventBySlugArgs = (create: ParamSpecs): ParamSpecs => {
  const { slug, ...rest } = optional(create)
  return { slug: { ...slug!, in: 'path' }, ...rest }
}

const isCoordinate = (value: unknown, limit: number) => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof number === 'number' && Number.isFinite(number) && Math.abs(number) <= limit
}

/** A distance search needs both coordinates: one alone is refused rather than ignored. */
const hasBoth = (query: Record<string, unknown>, body: unknown) => {
  const from = {
    ...query,
    ...(body && typeof body === 'object' ? (body as Record<string, unknown>) : {}),
  }
  return from.geoloc_lat !== undefined && from.geoloc_lng !== undefined
}
