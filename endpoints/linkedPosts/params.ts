import type { ParamSpecs } from '../params'

import { TEXT_LIMITS } from '../../src/lib/textLimits'
import { text } from '../i18n'
import { pagingArgs } from '../pagingArgs'
import { optional } from '../params'
import {
  filterPostStatusList,
  idOf,
  isHtmlOrEmpty,
  isImageOrEmpty,
  isPostStatus,
  isString,
  isStringOrEmpty,
  isTime,
  isUrlOrEmpty,
  slugOf,
  toList,
} from '../validators'

export type LinkedKind = 'organizers' | 'venues'

const WORD: Record<
  LinkedKind,
  { en: string; es: string; fr: string; plural: { en: string; es: string; fr: string } }
> = {
  organizers: {
    en: 'organizer',
    fr: 'l’organisateur',
    es: 'el organizador',
    plural: { en: 'organizers', fr: 'organisateurs', es: 'organizadores' },
  },
  venues: {
    en: 'venue',
    fr: 'le lieu',
    es: 'el lugar',
    plural: { en: 'venues', fr: 'lieux', es: 'lugares' },
  },
}

/** `GET /venues`, `GET /organizers` (`docs/compatibility.md`, "Route parameters"). */
export const listLinkedPostsArgs = (
  kind: LinkedKind,
  events: string,
  defaultPerPage: number,
  maxPerPage: number,
): ParamSpecs => {
  const plural = WORD[kind].plural
  return {
    ...pagingArgs(plural, defaultPerPage, maxPerPage),
    search: {
      maxLength: TEXT_LIMITS.search,
      description: text(
        `${capitalize(plural.en)} should contain the specified string in the title, description or custom fields`,
        {
          fr: `Les ${plural.fr} doivent contenir ce texte dans leur nom, leur description ou leurs champs`,
          es: `Los ${plural.es} deben contener este texto en el nombre, la descripción o sus campos`,
        },
      ),
      type: 'string',
      validate: isString,
    },
    event: {
      description: text(`${capitalize(plural.en)} should be related to this event`, {
        fr: `Les ${plural.fr} doivent être liés à cet événement`,
        es: `Los ${plural.es} deben estar vinculados a este evento`,
      }),
      type: 'integer',
      validate: idOf(events, { organizers: true, venue: true }),
    },
    has_events: {
      description: text(`${capitalize(plural.en)} should have events associated to them`, {
        fr: `Les ${plural.fr} doivent avoir des événements`,
        es: `Los ${plural.es} deben tener eventos`,
      }),
      swaggerType: 'boolean',
    },
    only_with_upcoming: {
      description: text(`${capitalize(plural.en)} should have upcoming events associated to them`, {
        fr: `Les ${plural.fr} doivent avoir des événements à venir`,
        es: `Los ${plural.es} deben tener eventos próximos`,
      }),
      default: false,
      swaggerType: 'boolean',
    },
    status: {
      format: 'string',
      description: text('The organizer post status', {
        fr: 'Le statut de publication',
        es: 'El estado de publicación',
      }),
      swaggerType: 'string',
      validate: filterPostStatusList,
      sanitize: (value) => toList(value).map((status) => String(status).trim()),
    },
  }
}

function capitalize(word: string) {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

const about = (kind: LinkedKind, en: string, fr: string, es: string) =>
  text(`The ${WORD[kind].en} ${en}`, {
    fr: `${fr} de ${WORD[kind].fr}`.replace(/de le /, 'du ').replace(/de l’/, 'de l’'),
    es: `${es} de ${WORD[kind].es}`.replace(/de el /, 'del '),
  })

/**
 * `POST /venues` and `POST /organizers`, in the original's declaration order
 * (`docs/compatibility.md`, "Route parameters").
 */
export const createLinkedPostArgs = (
  kind: LinkedKind,
  collections: { media: string; users: string },
): ParamSpecs => {
  const nullable = kind === 'organizers' ? { default: null } : {}
  const common: ParamSpecs = {
    author: {
      type: 'integer',
      ...nullable,
      description: about(
        kind,
        'author ID',
        'L’identifiant de l’auteur',
        'El identificador del autor',
      ),
      validate: idOf(collections.users),
    },
    date: {
      type: 'string',
      ...nullable,
      description: about(
        kind,
        'publication date',
        'La date de publication',
        'La fecha de publicación',
      ),
      validate: isTime,
    },
    date_utc: {
      type: 'string',
      ...nullable,
      description: about(
        kind,
        'publication date (UTC time zone)',
        'La date de publication (UTC)',
        'La fecha de publicación (UTC)',
      ),
      validate: isTime,
    },
    [kind === 'venues' ? 'venue' : 'organizer']: {
      type: 'string',
      maxLength: TEXT_LIMITS.title,
      ...nullable,
      description: about(kind, 'name', 'Le nom', 'El nombre'),
      required: true,
      validate: isString,
    },
    description: {
      type: 'string',
      maxLength: TEXT_LIMITS.description,
      default: null,
      description: about(kind, 'description', 'La description', 'La descripción'),
      validate: isHtmlOrEmpty,
    },
    status: {
      type: 'string',
      ...nullable,
      description: about(
        kind,
        'post status',
        'Le statut de publication',
        'El estado de publicación',
      ),
      validate: isPostStatus,
    },
  }
  const textField = (
    name: string,
    en: string,
    fr: string,
    es: string,
    validate = isStringOrEmpty,
    maxLength: number = TEXT_LIMITS.line,
  ) => ({
    [name]: {
      type: 'string' as const,
      maxLength,
      default: null,
      description: about(kind, en, fr, es),
      validate,
    },
  })
  if (kind === 'venues') {
    return {
      ...common,
      show_map: {
        type: 'string',
        default: null,
        description: text('Whether events linked to the venue should show a map or not', {
          fr: 'Si les événements de ce lieu affichent une carte',
          es: 'Si los eventos de este lugar muestran un mapa',
        }),
      },
      show_map_link: {
        type: 'string',
        default: null,
        description: text('Whether events linked to the venue should show a map link or not', {
          fr: 'Si les événements de ce lieu affichent un lien vers la carte',
          es: 'Si los eventos de este lugar muestran un enlace al mapa',
        }),
      },
      ...textField('address', 'address', 'L’adresse', 'La dirección'),
      ...textField('city', 'city', 'La ville', 'La ciudad'),
      ...textField('country', 'country', 'Le pays', 'El país'),
      ...textField('province', 'province', 'La province', 'La provincia'),
      ...textField('state', 'state', 'L’État', 'El estado'),
      ...textField('zip', 'ZIP code', 'Le code postal', 'El código postal'),
      ...textField('phone', 'phone number', 'Le numéro de téléphone', 'El número de teléfono'),
      ...textField(
        'stateprovince',
        'state and province',
        'L’État ou la province',
        'El estado o la provincia',
      ),
      ...textField(
        'website',
        'website URL',
        'L’URL du site',
        'La URL del sitio',
        isUrlOrEmpty,
        TEXT_LIMITS.url,
      ),
      image: {
        type: 'string',
        maxLength: TEXT_LIMITS.url,
        default: null,
        description: about(
          kind,
          'featured image ID or URL',
          'L’identifiant ou l’URL de l’image',
          'El identificador o la URL de la imagen',
        ),
        validate: isImageOrEmpty(collections.media),
      },
    }
  }
  return {
    ...common,
    ...textField('phone', 'phone number', 'Le numéro de téléphone', 'El número de teléfono'),
    ...textField('website', 'website', 'Le site', 'El sitio', isUrlOrEmpty, TEXT_LIMITS.url),
    ...textField(
      'email',
      'e-mail address',
      'L’adresse e-mail',
      'La dirección de correo',
      isStringOrEmpty,
      TEXT_LIMITS.email,
    ),
    image: {
      type: 'string',
      maxLength: TEXT_LIMITS.url,
      default: null,
      description: about(
        kind,
        'featured image ID or URL',
        'L’identifiant ou l’URL de l’image',
        'El identificador o la URL de la imagen',
      ),
      validate: isImageOrEmpty(collections.media),
    },
  }
}

const idArg = (kind: LinkedKind, collection: string) => ({
  id: {
    type: 'integer' as const,
    description: text(`the ${WORD[kind].en} post ID`, {
      fr: `l’identifiant de ${WORD[kind].fr}`,
      es: `el identificador de ${WORD[kind].es}`.replace('de el', 'del'),
    }),
    required: true,
    in: 'path' as const,
    validate: idOf(collection, { status: true }),
  },
})

const slugArg = (kind: LinkedKind, collection: string) => ({
  slug: {
    type: 'string' as const,
    description: text(`the ${WORD[kind].en} post name`, {
      fr: `le slug de ${WORD[kind].fr}`,
      es: `el slug de ${WORD[kind].es}`.replace('de el', 'del'),
    }),
    required: true,
    in: 'path' as const,
    validate: slugOf(collection, { status: true }),
  },
})

export const readLinkedPostArgs = (kind: LinkedKind, collection: string): ParamSpecs =>
  idArg(kind, collection)
export const readLinkedPostBySlugArgs = (kind: LinkedKind, collection: string): ParamSpecs =>
  slugArg(kind, collection)
export const updateLinkedPostArgs = (
  kind: LinkedKind,
  collection: string,
  create: ParamSpecs,
): ParamSpecs => ({ ...idArg(kind, collection), ...optional(create) })
/**
 * By slug, the path finds the item and a `slug` in the body renames it (`docs/compatibility.md`,
 * "Update by slug").
 */
export const updateLinkedPostBySlugArgs = (
  kind: LinkedKind,
  collection: string,
  create: ParamSpecs,
): ParamSpecs => ({
  slug: { ...slugArg(kind, collection).slug!, validate: isString },
  ...optional(create),
})
