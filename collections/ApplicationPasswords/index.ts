import type { Access, CollectionConfig, CollectionSlug } from 'payload'

import {
  forgetSignInsAfterDelete,
  forgetSignInsAfterPasswordChange,
} from '../../src/auth/recentApplicationPasswords'
import { guardChosenIds } from '../../src/hooks/guardChosenIds'
import { serverComponent } from '../../src/admin/paths'
import { label, labelByLanguage } from '../../src/i18n/index'
import { can } from '../../src/lib/roles'
import { capApplicationPasswords } from './hooks/capApplicationPasswords'
import {
  issueApplicationPassword,
  revealApplicationPasswordOnce,
} from './hooks/issueApplicationPassword'

const ownOrManaged: Access = ({ req: { user } }) => {
  if (!user) return false
  if (can(user, 'manage_users')) return true
  return { user: { equals: user.id } }
}

/**
 * Application passwords let scripts and apps sign in with HTTP Basic without the account password
 * (`docs/compatibility.md`, "Application passwords and HTTP Basic"). Only a hash is stored; the
 * password itself is in the create response and nowhere else. Deleting one revokes it.
 */
export function generateApplicationPasswordsCollection(
  slug: CollectionSlug,
  usersSlug: CollectionSlug,
): CollectionConfig {
  return {
    slug,
    labels: { singular: label('applicationPassword'), plural: label('applicationPasswords') },
    access: {
      create: ({ req: { user } }) => Boolean(user),
      delete: ownOrManaged,
      read: ownOrManaged,
      update: ownOrManaged,
    },
    admin: {
      useAsTitle: 'name',
      defaultColumns: ['name', 'user', 'createdAt', 'lastUsedAt'],
      group: labelByLanguage('groupSettings'),
      description: label('applicationPasswordsDescription'),
      // Everyone manages their own on their account page; the full list is for user managers.
      hidden: ({ user }) => !can(user, 'manage_users'),
      // Created and revoked on the owner's page, where the password is shown once.
      components: {
        views: {
          edit: {
            root: {
              Component: {
                path: serverComponent('ApplicationPasswordRedirect'),
                serverProps: { usersSlug },
              },
            },
          },
        },
      },
    },
    fields: [
      {
        name: 'name',
        label: label('applicationPasswordName'),
        type: 'text',
        required: true,
        admin: { description: label('applicationPasswordNameDescription') },
      },
      {
        name: 'user',
        label: label('applicationPasswordUser'),
        type: 'relationship',
        relationTo: usersSlug,
        required: true,
        index: true,
        defaultValue: ({ user }) => user?.id,
        access: {
          create: ({ req: { user } }) => can(user, 'manage_users'),
          update: () => false,
        },
      },
      { name: 'passwordHash', type: 'text', hidden: true, unique: true, index: true },
      { name: 'lastUsedAt', label: label('lastUsed'), type: 'date', admin: { readOnly: true } },
    ],
    hooks: {
      beforeOperation: [guardChosenIds()],
      // The owner is known once `issueApplicationPassword` has set it.
      beforeChange: [issueApplicationPassword, capApplicationPasswords],
      afterChange: [revealApplicationPasswordOnce, forgetSignInsAfterPasswordChange],
      afterDelete: [forgetSignInsAfterDelete],
    },
    timestamps: true,
  }
}
