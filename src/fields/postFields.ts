import type {
  Field,
  LabelFunction,
  RichTextFieldValidation,
  StaticLabel,
  SelectFieldSingleValidation,
  TextFieldSingleValidation,
  UploadFieldSingleValidation,
} from 'payload'

import type { UserWithRole } from '../lib/roles'
import type { PostStatus, SanitizedPluginConfig } from '../types'

import { validations } from 'payload/shared'

import { assignAuthors } from '../access/posts'
import { readPostPassword } from '../access/protectedContent'
import { readableRelationship } from './readableRelationship'
import { clientComponent, serverComponent } from '../admin/paths'
import { label, labelByLanguage, translatorOf } from '../i18n/index'
import { offeredStatuses, POST_STATUSES } from '../lib/statuses'
import { TEXT_LIMITS } from '../lib/textLimits'
import { copiedAsDraft, notCopied } from './duplicateRules'

/**
 * The slug: unique across languages (slugs are not localized) and filled from the title (events)
 * or the name (venues, organizers, categories, tags) when left empty; its note names that field.
 */
export const slugField = (madeFrom: 'name' | 'title' = 'name'): Field => ({
  name: 'slug',
  label: label('slug'),
  type: 'text',
  maxLength: TEXT_LIMITS.slug,
  unique: true,
  index: true,
  hooks: { beforeDuplicate: [notCopied] },
  admin: {
    position: 'sidebar',
    description: label(madeFrom === 'title' ? 'slugDescription' : 'slugFromNameDescription'),
  },
})

/** Which languages an item is written in: a list column and a note in the form's sidebar. */
export const translationStatusField = (): Field => ({
  name: 'translations',
  label: labelByLanguage('translations'),
  type: 'ui',
  admin: {
    position: 'sidebar',
    components: {
      Cell: serverComponent('TranslationStatus'),
      Field: clientComponent('TranslationStatusField'),
    },
  },
})

/**
 * Fields the plugin's hooks and the importer keep (both write past field access): no API caller
 * may write them, since they record the workflow's and the migration's own state.
 */
export const SET_BY_THE_SERVER = { create: () => false, update: () => false }

/**
 * The admin settings of fields kept for the server's own use: not in the form, not offered as a
 * list column or filter. The APIs still serve them.
 */
export const internalFieldAdmin = () => ({
  hidden: true,
  disableListColumn: true,
  disableListFilter: true,
})

/** The description's HTML as the API received it (made safe), which the API renders (src/hooks/storeSentDescription.ts). */
export const descriptionHtmlField = (): Field => ({
  name: 'descriptionHtml',
  type: 'textarea',
  maxLength: TEXT_LIMITS.description,
  localized: true,
  access: SET_BY_THE_SERVER,
  admin: internalFieldAdmin(),
})

/**
 * Fields every post-like item (event, venue, organizer) carries, after a WordPress post:
 * status, publication date, author, password and the id lineage kept by migrations.
 */
export const postSidebarFields = (
  options: SanitizedPluginConfig,
  defaultStatus: PostStatus | ((args: { user: UserWithRole }) => PostStatus) = 'draft',
  kind: 'events' | 'organizers' | 'venues' = 'events',
): Field[] => [
  slugField(kind === 'events' ? 'title' : 'name'),
  {
    name: 'status',
    label: label('status'),
    type: 'select',
    required: true,
    defaultValue: defaultStatus,
    index: true,
    hooks: { beforeDuplicate: [copiedAsDraft] },
    options: POST_STATUSES.map((value) => ({ label: label(`status_${value}`), value })),
    // The admin offers only the moves the editor's role allows (a contributor sees no Published);
    // trashing and restoring have their own buttons.
    // The options go to the browser as they are returned, so their labels are put in the editor's
    // language here (a label function cannot be sent).
    filterOptions: ({ data, options, req }) => {
      const offered = offeredStatuses(req.user, data?.status)
      return options
        .filter((option) =>
          offered.includes((typeof option === 'string' ? option : option.value) as never),
        )
        .map((option) =>
          typeof option === 'object' && typeof option.label === 'function'
            ? { ...option, label: option.label({ i18n: req.i18n as never, t: req.t as never }) }
            : option,
        )
    },
    // Writes are judged on every status: the workflow hook turns what a role may not set into
    // what it may (publish → pending), as the original does, rather than refusing the write.
    validate: ((value, args) =>
      validations.select(value, {
        ...args,
        filterOptions: undefined,
      })) as SelectFieldSingleValidation,
    admin: {
      position: 'sidebar',
      // An item always has a status: the form offers no "×" to clear it.
      isClearable: false,
      description: label('statusDescription'),
    },
  },
  {
    name: 'workflowActions',
    type: 'ui',
    admin: {
      position: 'sidebar',
      disableListColumn: true,
      components: { Field: clientComponent('WorkflowActions') },
    },
  },
  translationStatusField(),
  {
    name: 'previewLinks',
    type: 'ui',
    admin: {
      position: 'sidebar',
      disableListColumn: true,
      components: {
        Field: {
          path: serverComponent('PreviewLinksField'),
          clientProps: {
            apiURL: `${options.siteUrl}/${options.restRoot}/${options.namespace}/${kind}`,
            defaultLanguage: options.defaultLanguage,
            kind,
            languages: options.languages,
            siteUrl: options.siteUrl,
          },
        },
      },
    },
  },
  {
    name: 'publishedAt',
    label: label('publicationDate'),
    type: 'date',
    index: true,
    hooks: { beforeDuplicate: [notCopied] },
    admin: {
      position: 'sidebar',
      date: { pickerAppearance: 'dayAndTime' },
      components: { Field: clientComponent('LocalizedDateTimeField') },
      description: label('publicationDateDescription'),
    },
  },
  {
    name: 'author',
    label: label('author'),
    type: 'relationship',
    relationTo: options.usersCollection,
    index: true,
    hooks: { beforeDuplicate: [notCopied] },
    access: { create: assignAuthors, update: assignAuthors },
    admin: { position: 'sidebar' },
  },
  {
    name: 'password',
    label: label('passwordProtection'),
    type: 'text',
    maxLength: TEXT_LIMITS.password,
    access: { read: readPostPassword },
    admin: {
      position: 'sidebar',
      description: label('passwordProtectionDescription'),
    },
  },
  {
    // Set on every read by `hideProtectedContent`: whether the item is protected, for readers
    // who may not see the password itself (as WordPress's `content.protected`).
    name: 'passwordProtected',
    type: 'checkbox',
    virtual: true,
    access: { create: () => false, update: () => false },
    admin: internalFieldAdmin(),
  },
  {
    name: 'statusBeforeTrash',
    type: 'select',
    access: SET_BY_THE_SERVER,
    hooks: { beforeDuplicate: [notCopied] },
    options: POST_STATUSES.filter((status) => status !== 'trash').map((value) => ({
      label: label(`status_${value}`),
      value,
    })),
    admin: internalFieldAdmin(),
  },
  {
    // Whether the slug was given (the API's `slug`, the form's field) rather than made from the
    // title: an unpublished item shows a given slug and hides a made one, as WordPress leaves a
    // draft's `post_name` empty unless one was given (`publicSlug`, endpoints/serializeCommon.ts).
    name: 'slugTyped',
    type: 'checkbox',
    access: SET_BY_THE_SERVER,
    hooks: { beforeDuplicate: [notCopied] },
    admin: internalFieldAdmin(),
  },
  {
    name: 'descriptionText',
    type: 'textarea',
    maxLength: TEXT_LIMITS.description,
    access: SET_BY_THE_SERVER,
    localized: true,
    admin: internalFieldAdmin(),
  },
  {
    name: 'globalIdLineage',
    label: 'Origin ids',
    type: 'text',
    access: SET_BY_THE_SERVER,
    hasMany: true,
    // Ids this item had on the sites it was imported from: the importer's, not the editor's.
    admin: internalFieldAdmin(),
  },
]

/**
 * Text as text: Payload would store an array or object sent for a text field as its JSON, and
 * the hooks that read the text (the cost's parser) expect a string.
 */
export const textOnly = ((value: unknown, args: Parameters<TextFieldSingleValidation>[1]) => {
  if (value === null || value === undefined) return true
  // Payload's own rule after the type's: the field's `maxLength`.
  return typeof value === 'string' ? validations.text(value, args) : 'Enter text.'
}) as unknown as TextFieldSingleValidation

/** A description is a rich-text editor state (or nothing), not a bare string or number. */
export const richTextOnly = ((value: unknown, args: Parameters<RichTextFieldValidation>[1]) => {
  if (value === null || value === undefined) return true
  const root = (value as { root?: unknown } | null)?.root
  if (typeof value !== 'object' || !root || typeof root !== 'object')
    return 'Enter rich text (an editor state with a root).'
  return validations.richText(value as never, args)
}) as RichTextFieldValidation

/** Payload's own words for a text over its field's `maxLength`, for a URL. */
function urlTooLong(args?: { req?: { t?: unknown } }): string {
  const t = args?.req?.t as
    undefined | ((key: string, variables?: Record<string, unknown>) => string)
  return t
    ? t('validation:shorterThanMax', { label: t('general:value'), maxLength: TEXT_LIMITS.url })
    : `Enter a URL of at most ${TEXT_LIMITS.url} characters`
}

/** An http(s) URL or nothing, as WordPress's `FILTER_VALIDATE_URL` accepts. */
export const validateOptionalUrl = (
  value: null | string | undefined,
  args?: { req?: { t?: unknown } },
): string | true => {
  if (value === null || value === undefined || value === '') return true
  if (typeof value === 'string' && value.length > TEXT_LIMITS.url) return urlTooLong(args)
  try {
    const url = new URL(value)
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) return true
  } catch {
    // fall through to the message
  }
  return args?.req?.t
    ? translatorOf(args.req.t)('urlInvalid')
    : 'Enter a full URL such as https://example.com'
}

export const urlField = (
  name: string,
  fieldLabel: LabelFunction | StaticLabel = label('website'),
): Field => ({
  name,
  label: fieldLabel,
  type: 'text',
  validate: validateOptionalUrl,
})

export const imageField = (options: SanitizedPluginConfig): Field => ({
  name: 'image',
  label: label('image'),
  type: 'upload',
  relationTo: options.mediaCollection,
  // An image the writer may not read (another author's draft poster, `src/access/images.ts`) is
  // not theirs to link: linked to a published item, it would be shown to everyone.
  validate: readableRelationship as unknown as UploadFieldSingleValidation,
})
