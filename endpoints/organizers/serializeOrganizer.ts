import type { RestContext } from '../context'

import { descriptionHtml, dropEmpty, excerptHtml, globalIds, postMeta, publicSlug, serializeImage } from '../serializeCommon'
import { permalink } from '../urls'

export type OrganizerDoc = Record<string, unknown> & { id: number; slug?: string; status: string }

/** The organizer object (`contract.md` §6.3): empty values dropped; `json_ld` only on single reads. */
export function serializeOrganizer(doc: OrganizerDoc, ctx: RestContext, { jsonLd = false, unlocked = true } = {}) {
  const base = {
    id: doc.id,
    ...postMeta(doc as never, ctx),
    url: permalink(ctx.options, 'organizers', doc),
    organizer: doc.name ?? '',
    description: descriptionHtml(doc.description),
    excerpt: excerptHtml(doc.excerpt as string),
    slug: publicSlug(doc as never),
    image: serializeImage(doc.image, ctx),
    phone: doc.phone ?? '',
    website: doc.website ?? '',
    email: doc.email ?? '',
  }
  const kept: Record<string, unknown> = dropEmpty(base)
  if (base.author === '0') delete kept.author

  if (doc.password && !unlocked) blankProtected(kept)
  if (jsonLd) {
    kept.json_ld = {
      '@type': 'Person',
      name: doc.name ?? '',
      description: '',
      url: doc.website ?? '',
      telephone: doc.phone ?? '',
      email: doc.email ?? '',
      sameAs: doc.website ?? '',
    }
  }
  return { ...kept, ...globalIds(doc as never, ctx) }
}

/** What the original leaves of a password-protected organizer (`contract.md` §14); the name becomes `[]`, sic. */
function blankProtected(object: Record<string, unknown>) {
  Object.assign(object, { organizer: [], description: '', excerpt: '', phone: '', website: '', email: '' })
}
