import type { CollectionConfig } from 'payload'

import { mayEditOthersPosts, mayUploadFiles } from '../../src/access/posts'
import { guardChosenIds } from '../../src/hooks/guardChosenIds'
import { clientComponent } from '../../src/admin/paths'
import { label, labelByLanguage } from '../../src/i18n/index'

/** Images of events, venues and organizers. Files live in `staticDir` on the server's disk. */
export function generateMediaCollection(slug: string, staticDir?: string): CollectionConfig {
  return {
    slug,
    labels: { singular: label('image'), plural: label('media') },
    // As WordPress's \`upload_files\` (authors and up) and editing others' posts (editors and up):
    // a subscriber or contributor cannot replace or delete the site's images.
    access: { create: mayUploadFiles, delete: mayEditOthersPosts, read: () => true, update: mayEditOthersPosts },
    admin: { group: labelByLanguage('groupCalendar'), components: { edit: { SaveButton: clientComponent('SaveAndCloseDrawer') } } },
    hooks: { beforeOperation: [guardChosenIds()] },
    fields: [{ name: 'alt', label: label('alternativeText'), type: 'text', localized: true }],
    upload: {
      staticDir,
      mimeTypes: ['image/*'],
      imageSizes: [
        { name: 'thumbnail', width: 150, height: 150, position: 'centre' },
        { name: 'medium', width: 300 },
        { name: 'large', width: 1024 },
      ],
    },
  }
}
