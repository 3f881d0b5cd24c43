import type { Access, FieldAccess } from 'payload'

import { can } from '../lib/roles'

export const manageUsers: Access = ({ req: { user } }) => can(user, 'manage_users')

export const selfOrUserManager: Access = ({ req: { user } }) => {
  if (!user) return false
  if (can(user, 'manage_users')) return true
  return { id: { equals: user.id } }
}

export const userManagerField: FieldAccess = ({ req: { user } }) => can(user, 'manage_users')
