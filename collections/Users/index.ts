import type { CollectionConfig, Field } from 'payload'

import type { SanitizedPluginConfig } from '../../src/types'

import { manageUsers, selfOrUserManager, userManagerField } from '../../src/access/users'
import { clientComponent } from '../../src/admin/paths'
import { basicAuthStrategy } from '../../src/auth/basicAuthStrategy'
import { sessionOutageStrategy } from '../../src/auth/sessionOutageStrategy'
import { forgiveRightPassword, guardLogin } from '../../src/auth/loginGuardHooks'
import { forgotPasswordEndpoint, guardForgotPassword } from '../../src/auth/forgotPasswordGuard'
import {
  forgetSignInsAfterDelete,
  forgetSignInsAfterUserChange,
} from '../../src/auth/recentApplicationPasswords'
import { label, labelByLanguage } from '../../src/i18n/index'
import { ROLES } from '../../src/lib/roles'
import {
  adminLanguageAfterRead,
  applyAdminLanguage,
  storeAdminLanguage,
} from './hooks/adminLanguage'
import { deleteApplicationPasswords } from './hooks/deleteApplicationPasswords'
import { endSessionsOnRoleChange } from './hooks/endSessionsOnRoleChange'
import { forgetContentLocale } from './hooks/forgetContentLocale'
import { keepOwnAdministratorRole } from './hooks/keepOwnAdministratorRole'
import { makeFirstUserAdministrator } from './hooks/makeFirstUserAdministrator'
import { CURRENT_PASSWORD, requireCurrentPassword } from './hooks/requireCurrentPassword'

const roleField: Field = {
  name: 'role',
  label: label('role'),
  type: 'select',
  required: true,
  defaultValue: 'subscriber',
  saveToJWT: true,
  index: true,
  options: ROLES.map((value) => ({ label: label(`role_${value}`), value })),
  access: { create: userManagerField, update: userManagerField },
  admin: {
    position: 'sidebar',
    description: label('roleDescription'),
    // An account always has a role.
    isClearable: false,
    // Not on the first-user form (`src/admin/RoleField.tsx` says why).
    components: { Field: clientComponent('RoleField') },
  },
}

const displayNameField: Field = { name: 'displayName', label: label('displayName'), type: 'text' }

/** The account's admin language (`hooks/adminLanguage.ts`): set by whoever manages users, or by the account itself. */
const adminLanguageField: Field = {
  name: 'adminLanguage',
  label: label('adminLanguage'),
  type: 'select',
  virtual: true,
  options: [
    { label: 'English', value: 'en' },
    { label: 'Français', value: 'fr' },
    { label: 'Español', value: 'es' },
  ],
  access: {
    create: userManagerField,
    update: (args) => Boolean(userManagerField(args)) || args.req.user?.id === args.id,
  },
  admin: {
    position: 'sidebar',
    description: label('adminLanguageDescription'),
    // Payload makes a virtual field read-only in the form unless told otherwise.
    readOnly: false,
    disableListColumn: true,
    disableListFilter: true,
  },
  hooks: { afterRead: [adminLanguageAfterRead] },
}

/**
 * The current password, which changing one's own e-mail address, username or password takes
 * (`hooks/requireCurrentPassword.ts`): sent with the change, never stored (virtual), never read.
 */
const currentPasswordField: Field = {
  name: CURRENT_PASSWORD,
  label: label('currentPassword'),
  type: 'text',
  virtual: true,
  access: { read: () => false },
  admin: {
    description: label('currentPasswordDescription'),
    disableListColumn: true,
    disableListFilter: true,
    components: { Field: clientComponent('CurrentPasswordField') },
  },
}

/** The user's application passwords, listed, issued and revoked on their own page. */
const applicationPasswordsField = (appPasswordsSlug: string): Field => ({
  name: 'applicationPasswords',
  type: 'ui',
  admin: {
    components: { Field: clientComponent('ApplicationPasswordsField') },
    custom: { collectionSlug: appPasswordsSlug },
    disableListColumn: true,
  },
})

/** The users collection of a site that has none: sign-in by e-mail or username, roles, API keys and application passwords. */
export function generateUsersCollection(
  options: SanitizedPluginConfig,
  appPasswordsSlug: string,
): CollectionConfig {
  return withCalendarUsers(
    {
      slug: options.usersCollection,
      labels: { singular: label('user'), plural: label('users') },
      admin: {
        useAsTitle: 'email',
        defaultColumns: ['email', 'username', 'role'],
        group: labelByLanguage('groupSettings'),
      },
      auth: {
        loginWithUsername: { allowEmailLogin: true, requireEmail: true },
        useAPIKey: true,
      },
      fields: [],
    },
    appPasswordsSlug,
  )
}

/**
 * Adds the calendar's roles, access rules and HTTP Basic sign-in to a users collection, and puts
 * every password check behind one guard (`src/auth/passwordGuardPolicy.ts`): Payload's lockout is
 * turned off (`maxLoginAttempts: 0`, as WordPress locks no account: five wrong passwords from a
 * stranger would otherwise lock the owner out), and tries are slowed instead, on every path.
 */
export function withCalendarUsers(
  collection: CollectionConfig,
  appPasswordsSlug: string,
): CollectionConfig {
  const auth = typeof collection.auth === 'object' ? collection.auth : {}
  return {
    ...collection,
    access: {
      admin: ({ req: { user } }) => Boolean(user),
      create: manageUsers,
      delete: manageUsers,
      read: selfOrUserManager,
      // No account is ever locked here; Payload's unlock, open to any signed-in user, answered
      // "Success" for an address that has an account and 403 for one that has none.
      unlock: manageUsers,
      update: selfOrUserManager,
      ...collection.access,
    },
    auth: {
      ...auth,
      maxLoginAttempts: 0,
      strategies: [
        ...(auth.strategies ?? []),
        basicAuthStrategy({ appPasswordsSlug, usersSlug: collection.slug }),
        ...(auth.disableLocalStrategy ? [] : [sessionOutageStrategy()]),
      ],
    },
    // Forgot-password counted and answered before its message is sent (`src/auth/forgotPasswordGuard.ts`).
    endpoints:
      collection.endpoints === false
        ? false
        : [...(collection.endpoints ?? []), forgotPasswordEndpoint(collection.slug)],
    fields: withCalendarUserFields(collection, [
      displayNameField,
      roleField,
      adminLanguageField,
      currentPasswordField,
      applicationPasswordsField(appPasswordsSlug),
    ]),
    hooks: {
      ...collection.hooks,
      beforeValidate: [
        makeFirstUserAdministrator,
        keepOwnAdministratorRole,
        requireCurrentPassword,
        ...(collection.hooks?.beforeValidate ?? []),
      ],
      beforeChange: [...(collection.hooks?.beforeChange ?? []), endSessionsOnRoleChange],
      beforeOperation: [
        guardLogin,
        guardForgotPassword,
        ...(collection.hooks?.beforeOperation ?? []),
      ],
      afterLogin: [
        forgiveRightPassword,
        forgetContentLocale,
        applyAdminLanguage,
        ...(collection.hooks?.afterLogin ?? []),
      ],
      afterChange: [
        ...(collection.hooks?.afterChange ?? []),
        storeAdminLanguage,
        forgetSignInsAfterUserChange,
      ],
      beforeDelete: [
        ...(collection.hooks?.beforeDelete ?? []),
        deleteApplicationPasswords(appPasswordsSlug),
      ],
      afterDelete: [...(collection.hooks?.afterDelete ?? []), forgetSignInsAfterDelete],
    },
  }
}

/**
 * The host's fields and the calendar's. A host's own `displayName` text field is the calendar's
 * (the author's name in the API); any other name the calendar needs that the host already uses
 * is refused at start with what to do, rather than Payload's bare "duplicate field name".
 */
function withCalendarUserFields(collection: CollectionConfig, calendarFields: Field[]): Field[] {
  const ownFields = new Map(
    collection.fields.flatMap((field) => ('name' in field ? [[field.name, field] as const] : [])),
  )
  const added = calendarFields.filter((field) => {
    if (!('name' in field)) return true
    const own = ownFields.get(field.name)
    if (!own) return true
    if (own.type === field.type && field.type === 'text') return false
    throw new Error(
      `payload-events-calendar: the "${collection.slug}" collection already has a field "${field.name}", which the calendar adds for its ${field.name === 'role' ? 'roles' : 'users'}. Rename yours, or give the plugin another users collection (the usersCollection option).`,
    )
  })
  return [...collection.fields, ...added]
}
