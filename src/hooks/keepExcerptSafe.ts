import type { CollectionBeforeChangeHook } from 'payload'

import { ValidationError } from 'payload'

import { nestsDeeperThan } from '../lib/htmlDepth'
import { htmlAsKept } from '../lib/htmlSafety'
import { renderExcerpt } from '../lib/postContent'
import { can, type UserWithRole } from '../lib/roles'
import { TEXT_LIMITS } from '../lib/textLimits'

/** Server code (no user: the importer, jobs) and editors keep their HTML; authors and contributors a post's tags. */
export const mayWriteUnfilteredHtml = (user: UserWithRole) => !user || can(user, 'unfiltered_html')

/**
 * An excerpt is HTML as typed, which the APIs return laid out in paragraphs as the original does
 * (src/lib/postContent.ts): it is kept as src/lib/htmlSafety.ts says, from every surface.
 */
export const keepExcerptSafe: CollectionBeforeChangeHook = ({
  collection,
  data,
  originalDoc,
  req,
}) => {
  if (typeof data.excerpt !== 'string' || data.excerpt === originalDoc?.excerpt) return data
  // Over its bound, the field's own validation (`maxLength`, run after this hook) refuses it: no
  // work on it first. Nested deeper than the parsers take, it is refused here.
  if (data.excerpt.length > TEXT_LIMITS.excerpt) return data
  if (nestsDeeperThan(data.excerpt, TEXT_LIMITS.htmlDepth)) {
    const message = req.t('validation:invalidInput' as never)
    throw new ValidationError(
      { collection: collection.slug, errors: [{ message, path: 'excerpt' }] },
      req.t,
    )
  }
  data.excerpt = htmlAsKept(data.excerpt, {
    unfiltered: mayWriteUnfilteredHtml(req.user),
    alsoCheck: renderExcerpt,
  })
  return data
}
