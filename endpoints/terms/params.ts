import type { ParamSpecs } from '../params'

import { TEXT_LIMITS } from '../../src/lib/textLimits'
import { text } from '../i18n'
import { pagingArgs } from '../pagingArgs'
import { optional } from '../params'
import type { Validator } from '../params'

import { idListOf, idOf, isPositiveInt, isString, termListOf, toList } from '../validators'

export type TermKind = 'categories' | 'tags'

const NOUN: Record<
  TermKind,
  { en: string; es: string; fr: string; plural: { en: string; es: string; fr: string } }
> = {
  categories: {
    en: 'event category',
    fr: 'la catégorie',
    es: 'la categoría',
    plural: { en: 'event categories', fr: 'catégories', es: 'categorías' },
  },
  tags: {
    en: 'event tag',
    fr: 'l’étiquette',
    es: 'la etiqueta',
    plural: { en: 'event tags', fr: 'étiquettes', es: 'etiquetas' },
  },
}

/** What the list reads of the event a `post` or `event` argument names: its terms. */
const TERMS_OF_EVENT = { categories: true, tags: true } as const

/** `GET /categories`, `GET /tags` (`docs/compatibility.md`, "Route parameters"). */
export const listTermsArgs = (
  kind: TermKind,
  collection: string,
  events: string,
  defaultPerPage: number,
  maxPerPage: number,
): ParamSpecs => ({
  ...pagingArgs(NOUN[kind].plural, defaultPerPage, maxPerPage),
  search: {
    maxLength: TEXT_LIMITS.search,
    description: text('Limit results to those matching a string', {
      fr: 'Seulement les termes qui contiennent ce texte',
      es: 'Solo los términos que contienen este texto',
    }),
    type: 'string',
    validate: isString,
  },
  exclude: {
    description: text('Ensure result set exclude specific IDs', {
      fr: 'Exclut ces identifiants',
      es: 'Excluye estos identificadores',
    }),
    items: { type: 'integer' },
    swaggerType: 'array',
    validate: idListOf(collection),
    sanitize: ids,
  },
  include: {
    description: text('Limit result set to specific IDs', {
      fr: 'Seulement ces identifiants',
      es: 'Solo estos identificadores',
    }),
    items: { type: 'integer' },
    swaggerType: 'array',
    validate: idListOf(collection),
    sanitize: ids,
  },
  order: {
    description: text('Order sort attribute ascending or descending', {
      fr: 'Ordre croissant (asc) ou décroissant (desc)',
      es: 'Orden ascendente (asc) o descendente (desc)',
    }),
    type: 'string',
    validate: isString,
  },
  orderby: {
    description: text('Sort collection by term attribute', {
      fr: 'Attribut de tri des termes',
      es: 'Atributo por el que se ordenan los términos',
    }),
    type: 'string',
    validate: isString,
  },
  hide_empty: {
    description: text('Whether to hide terms not assigned to any posts', {
      fr: 'Masquer les termes sans événement',
      es: 'Ocultar los términos sin eventos',
    }),
    type: 'boolean',
    default: '1',
  },
  ...(kind === 'categories'
    ? {
        parent: {
          description: text('Limit result set to terms assigned to a specific parent', {
            fr: 'Seulement les enfants de ce terme',
            es: 'Solo los hijos de este término',
          }),
          type: 'integer' as const,
          validate: parentOf(collection),
        },
      }
    : {}),
  post: {
    description: text('Limit result set to terms assigned to a specific post', {
      fr: 'Seulement les termes de cet événement',
      es: 'Solo los términos de este evento',
    }),
    type: 'integer',
    validate: idOf(events, TERMS_OF_EVENT),
  },
  event: {
    description: text(
      'Limit result set to terms assigned to a specific event (an alias of the "post" parameter)',
      {
        fr: 'Seulement les termes de cet événement (alias de « post »)',
        es: 'Solo los términos de este evento (alias de «post»)',
      },
    ),
    type: 'integer',
    validate: idOf(events, TERMS_OF_EVENT),
  },
  slug: {
    description: text('Limit result set to terms with a specific slug', {
      fr: 'Seulement les termes de ce slug',
      es: 'Solo los términos con este slug',
    }),
    type: 'string',
    validate: isString,
  },
})

/**
 * A parent category, by id. `termListOf` alone would also take a category's name, and a name
 * written in digits (`2147483648`, `0x10`) would then be read as an id beyond any id or as
 * another category's (16).
 */
const parentOf =
  (collection: string): Validator =>
  (value, ctx) =>
    isPositiveInt(value, ctx) ? termListOf(collection)(value, ctx) : false

function ids(value: unknown): number[] {
  return toList(value).map(Number)
}

/** `POST /categories`, `POST /tags` (`docs/compatibility.md`, "Route parameters"). */
export const createTermArgs = (kind: TermKind, collection: string): ParamSpecs => ({
  name: {
    type: 'string',
    maxLength: TEXT_LIMITS.termName,
    description: text(`The ${NOUN[kind].en} name`, {
      fr: `Le nom de ${NOUN[kind].fr}`,
      es: `El nombre de ${NOUN[kind].es}`,
    }),
    required: true,
    validate: isString,
  },
  description: {
    type: 'string',
    maxLength: TEXT_LIMITS.excerpt,
    description: text(`The ${NOUN[kind].en} description`, {
      fr: `La description de ${NOUN[kind].fr}`,
      es: `La descripción de ${NOUN[kind].es}`,
    }),
    validate: isString,
  },
  slug: {
    type: 'string',
    description: text(`The ${NOUN[kind].en} slug`, {
      fr: `Le slug de ${NOUN[kind].fr}`,
      es: `El slug de ${NOUN[kind].es}`,
    }),
    validate: isString,
  },
  ...(kind === 'categories'
    ? {
        parent: {
          type: 'integer' as const,
          description: text('The event category parent', {
            fr: 'La catégorie parente',
            es: 'La categoría padre',
          }),
          validate: parentOf(collection),
        },
      }
    : {}),
})

const idArg = (kind: TermKind, collection: string): ParamSpecs => ({
  id: {
    type: 'integer',
    description: text(`the ${NOUN[kind].en} term ID`, {
      fr: `l’identifiant de ${NOUN[kind].fr}`,
      es: `el identificador de ${NOUN[kind].es}`,
    }),
    required: true,
    in: 'path',
    validate: idOf(collection, kind === 'categories' ? { parent: true } : {}),
  },
})

export const readTermArgs = idArg
export const updateTermArgs = (
  kind: TermKind,
  collection: string,
  create: ParamSpecs,
): ParamSpecs => ({ ...idArg(kind, collection), ...optional(create) })
