import type { DocumentViewServerProps } from 'payload'

import { redirect } from 'next/navigation.js'

/**
 * Application passwords are issued and revoked on their owner's page, where a new password is
 * shown once (`ApplicationPasswordsField.tsx`). The collection's own form saved a password nobody
 * ever saw ("Create New" was a dead end), so its create and edit routes lead there instead: to
 * the signed-in user's account for a new one, to the owner's page for an existing one.
 */
export function ApplicationPasswordRedirect({
  doc,
  initPageResult,
  usersSlug,
}: DocumentViewServerProps & { usersSlug: string }): never {
  const adminRoute = initPageResult.req.payload.config.routes.admin
  const owner =
    doc?.user && typeof doc.user === 'object'
      ? (doc.user as { id: number | string }).id
      : (doc?.user as number | string | undefined)
  redirect(
    owner === undefined || owner === null
      ? `${adminRoute}/account`
      : `${adminRoute}/collections/${usersSlug}/${owner}`,
  )
}
