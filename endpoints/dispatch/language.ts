import type { SanitizedPluginConfig } from '../../src/types'

import { notInEnum } from '../errors'

/**
 * The language of the answer: `i18n_language` (from the body, else the query) wins over the
 * root's language, which wins over the default (`docs/compatibility.md`, "Languages"); a language
 * the site does not have is a 400 `rest_invalid_param`.
 */
export function resolveLanguage(
  options: Pick<SanitizedPluginConfig, 'defaultLanguage' | 'languages'>,
  rootLanguage: string | undefined,
  query: Record<string, unknown>,
  body: unknown,
): string {
  const fromBody =
    body && typeof body === 'object' ? (body as Record<string, unknown>).i18n_language : undefined
  const asked = fromBody ?? query.i18n_language
  if (asked === undefined) return rootLanguage ?? options.defaultLanguage
  if (typeof asked === 'string' && options.languages.includes(asked)) return asked
  throw notInEnum('i18n_language', options.languages)
}
