import type {
  CollectionAfterChangeHook,
  CollectionBeforeChangeHook,
  CollectionBeforeOperationHook,
  CollectionConfig,
  Field,
} from 'payload'

import type { CollectionOverride, SanitizedPluginConfig } from '../src/types'

import { deleteTrashedPosts } from '../src/access/deleteTrashedPosts'
import { createPosts, editPosts, readPosts } from '../src/access/posts'
import { readPostVersions } from '../src/access/postVersions'
import { hideTrashedFromList } from '../src/admin/hideTrashedFromList'
import { clientComponent } from '../src/admin/paths'
import { withDefaultLanguageFallback } from '../src/fields/defaultLanguageFallback'
import { labelByLanguage } from '../src/i18n/index'
import { internalFieldAdmin, postSidebarFields, SET_BY_THE_SERVER } from '../src/fields/postFields'
import { applyStatusWorkflow } from '../src/hooks/applyStatusWorkflow'
import { assignAuthor } from '../src/hooks/assignAuthor'
import { fillDefaultLocale } from '../src/hooks/fillDefaultLocale'
import { generateSlug } from '../src/hooks/generateSlug'
import { guardChosenIds } from '../src/hooks/guardChosenIds'
import { hideProtectedContent } from '../src/hooks/hideProtectedContent'
import { keepExcerptSafe } from '../src/hooks/keepExcerptSafe'
import { keepNameSafe } from '../src/hooks/keepNameSafe'
import { refuseDuplicatingProtected } from '../src/hooks/refuseDuplicatingProtected'
import { refuseScheduleWithoutDate } from '../src/hooks/refuseScheduleWithoutDate'
import { serializeUpdates } from '../src/hooks/serializeUpdates'
import { storeDescriptionText } from '../src/hooks/storeDescriptionText'
import { storePostDate } from '../src/hooks/storePostDate'
import { storeSentDescription } from '../src/hooks/storeSentDescription'
import { POST_COLLECTIONS } from '../src/slugs'
import { applyOverride } from './applyOverride'

/**
 * What events, venues and organizers have in common, as posts of the original: the status
 * workflow and its access rules, authorship, slugs from the title, and translated texts.
 */
export function generatePostCollection(args: {
  admin: CollectionConfig['admin']
  afterChange?: CollectionAfterChangeHook[]
  beforeChange?: CollectionBeforeChangeHook[]
  beforeOperation?: CollectionBeforeOperationHook[]
  /** What a reader who may not see a password-protected item's content gets in its place. */
  blankedWhenProtected: Record<string, unknown>
  defaultSort: string
  /** The status of a new item when none is given. */
  defaultStatus?: Parameters<typeof postSidebarFields>[1]
  endpoints?: CollectionConfig['endpoints']
  /** Which of the original's post types it is, for its public address. */
  kind: 'events' | 'organizers' | 'venues'
  fields: Field[]
  indexes?: CollectionConfig['indexes']
  labels: CollectionConfig['labels']
  localizedFields: string[]
  options: SanitizedPluginConfig
  override?: CollectionOverride
  slug: string
  titleField: string
}): CollectionConfig {
  return applyOverride(
    {
      slug: args.slug,
      labels: args.labels,
      access: {
        create: createPosts,
        delete: deleteTrashedPosts,
        read: readPosts,
        readVersions: readPostVersions,
        update: editPosts,
      },
      admin: {
        useAsTitle: args.titleField,
        group: labelByLanguage('groupCalendar'),
        baseListFilter: hideTrashedFromList,
        ...args.admin,
        // Publish / Schedule / Submit for review beside Save.
        components: {
          ...args.admin?.components,
          edit: {
            SaveButton: clientComponent('WorkflowSaveButton'),
            // The content language being edited, always in sight (the controls bar stays at the top).
            beforeDocumentControls: [clientComponent('EditingLanguage')],
            ...args.admin?.components?.edit,
          },
        },
      },
      defaultSort: args.defaultSort,
      // What decides who sees a protected item's content is read whatever the caller selects.
      forceSelect: { author: true, password: true, status: true },
      fields: [
        // An update in a language without its own title takes the default language's as reads do.
        ...withDefaultLanguageFallback(args.fields, [args.titleField]),
        // What lists order by, kept by `src/hooks/storePostDate.ts`.
        { name: 'postDate', type: 'date', access: SET_BY_THE_SERVER, admin: internalFieldAdmin() },
        ...postSidebarFields(args.options, args.defaultStatus, args.kind),
      ],
      indexes: args.indexes,
      ...(args.endpoints ? { endpoints: args.endpoints } : {}),
      hooks: {
        beforeOperation: [
          guardChosenIds(POST_COLLECTIONS),
          refuseDuplicatingProtected,
          serializeUpdates,
          ...(args.beforeOperation ?? []),
        ],
        beforeRead: [
          hideProtectedContent({
            ...args.blankedWhenProtected,
            description: null,
            descriptionHtml: null,
            descriptionText: null,
            excerpt: null,
            image: null,
          }),
        ],
        beforeValidate: [generateSlug(args.titleField)],
        beforeChange: [
          assignAuthor,
          refuseScheduleWithoutDate,
          applyStatusWorkflow,
          storePostDate,
          storeDescriptionText,
          storeSentDescription(args.kind, { withSummary: args.kind === 'events' }),
          keepExcerptSafe,
          keepNameSafe(args.titleField),
          ...(args.beforeChange ?? []),
        ],
        afterChange: [fillDefaultLocale(args.localizedFields), ...(args.afterChange ?? [])],
      },
      timestamps: true,
      // Revisions (docs/revisions.md) without Payload's drafts: the workflow is the `status` field.
      versions: { drafts: false, maxPerDoc: args.options.revisions.maxPerDoc },
    },
    args.override,
  )
}
