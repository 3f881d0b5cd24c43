import type { CollectionBeforeChangeHook } from 'payload'

/**
 * A changed role ends the account's sessions, as a changed password does (Payload clears them
 * itself then: `payload/dist/collections/operations/utilities/update.js`): a token issued under
 * the old role must not outlive it. Like Payload, the session that makes the change on its own
 * account is kept.
 */
export const endSessionsOnRoleChange: CollectionBeforeChangeHook = ({
  collection,
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (
    operation !== 'update' ||
    !originalDoc ||
    data.role === undefined ||
    data.role === originalDoc.role
  )
    return data
  const own =
    req.user?.collection === collection.slug && String(req.user.id) === String(originalDoc.id)
  const currentSid = own ? (req.user as { _sid?: string })._sid : undefined
  const sessions = (originalDoc.sessions ?? []) as { id: string }[]
  data.sessions = currentSid ? sessions.filter((session) => session.id === currentSid) : []
  return data
}
