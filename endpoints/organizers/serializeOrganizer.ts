import type { CalendarContext } from '../../src/calendar/context'

import { globalIds, jsonLdImage, jsonLdTitle, serializeLinkedPost } from '../serializeCommon'
import { linkedPostJsonLdDescription } from '../events/jsonLdDescription'

export type OrganizerDoc = Record<string, unknown> & { id: number; slug?: string; status: string }

/**
 * The organizer object (`docs/compatibility.md`, "Response shapes"): empty values dropped;
 * `json_ld` only on single reads.
 */
export function serializeOrganizer(
  doc: OrganizerDoc,
  ctx: CalendarContext,
  { jsonLd = false, unlocked = true } = {},
) {
  const kept = serializeLinkedPost(doc as never, ctx, {
    // What the original leaves of a password-protected organizer (`docs/compatibility.md`,
    // "Password-protected items"); the name becomes `[]`, sic.
    blanked: { organizer: [], description: '', excerpt: '', phone: '', website: '', email: '' },
    kind: 'organizers',
    nameKey: 'organizer',
    own: { phone: doc.phone ?? '', website: doc.website ?? '', email: doc.email ?? '' },
    unlocked,
  })
  // An organizer still locked has no JSON-LD at all in the original.
  if (jsonLd && !(doc.password && !unlocked))
    kept.json_ld = organizerJsonLd(doc, { image: kept.image })
  return { ...kept, ...globalIds(doc as never, ctx) }
}

/**
 * The schema.org Person the original gives an organizer on single reads, and an event's first organizer.
 * Never of a password-protected organizer still locked: the original then writes none
 * (`serializeOrganizer`, and `false` as an event's organizer).
 */
export function organizerJsonLd(organizer: OrganizerDoc, { image }: { image?: unknown } = {}) {
  return {
    '@type': 'Person',
    name: jsonLdTitle(organizer.status, organizer.name),
    description: linkedPostJsonLdDescription(organizer),
    ...jsonLdImage(image),
    url: organizer.website ?? '',
    telephone: organizer.phone ?? '',
    email: organizer.email ?? '',
    sameAs: organizer.website ?? '',
  }
}
