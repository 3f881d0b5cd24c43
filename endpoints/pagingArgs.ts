import type { ParamSpecs } from './params'

import { text } from './i18n'
import { isPositiveWholeNumber } from './validators'

/**
 * `page` and `per_page`, as every list route of the original declares them; `per_page` is
 * clamped to the site's maximum rather than refused, and its default is the site's setting.
 */
export const pagingArgs = (
  noun: { en: string; es: string; fr: string },
  defaultPerPage: number,
  maxPerPage: number,
): ParamSpecs => ({
  page: {
    default: 1,
    description: text('The archive page to return', {
      fr: 'La page d’archive à renvoyer',
      es: 'La página del archivo que se devuelve',
    }),
    type: 'integer',
    validate: isPositiveWholeNumber,
  },
  per_page: {
    default: String(defaultPerPage),
    description: text(`The number of ${noun.en} to return on each page`, {
      fr: `Le nombre de ${noun.fr} à renvoyer par page`,
      es: `El número de ${noun.es} que se devuelven en cada página`,
    }),
    type: 'integer',
    validate: isPositiveWholeNumber,
    sanitize: (value) => Math.min(Number(value), maxPerPage),
  },
})
