import type { CollectionConfig } from 'payload'

import { readImages } from '../../src/access/images'
import { mayEditOthersPosts, mayUploadFiles } from '../../src/access/posts'
import { SET_BY_THE_SERVER, internalFieldAdmin } from '../../src/fields/postFields'
import { capVisitorPageSize } from '../../src/hooks/capVisitorPageSize'
import { isExternalImage } from '../../src/lib/externalImage'
import { requireFileOrAddress } from './hooks/requireFileOrAddress'
import { showOutsideAddress } from './hooks/showOutsideAddress'
import { guardChosenIds } from '../../src/hooks/guardChosenIds'
import { clientComponent } from '../../src/admin/paths'
import { label, labelByLanguage } from '../../src/i18n/index'

/**
 * Images of events, venues and organizers. Files live in `staticDir` on the server's disk (or
 * in S3). An image the importer could not download is kept by its outside address, without a
 * file (`src/lib/externalImage.ts`).
 */
export function generateMediaCollection(slug: string, staticDir?: string): CollectionConfig {
  return {
    slug,
    labels: { singular: label('image'), plural: label('media') },
    // As WordPress's \`upload_files\` (authors and up) and editing others' posts (editors and up):
    // a subscriber or contributor cannot replace or delete the site's images.
    access: {
      create: mayUploadFiles,
      delete: mayEditOthersPosts,
      read: readImages,
      update: mayEditOthersPosts,
    },
    admin: {
      group: labelByLanguage('groupCalendar'),
      components: { edit: { SaveButton: clientComponent('SaveAndCloseDrawer') } },
    },
    hooks: {
      afterRead: [showOutsideAddress],
      beforeChange: [requireFileOrAddress],
      beforeOperation: [guardChosenIds(), capVisitorPageSize],
    },
    fields: [
      { name: 'alt', label: label('alternativeText'), type: 'text', localized: true },
      // An image the importer could not download: its address on its own site, and the sizes that site's API listed.
      { name: 'externalUrl', type: 'text', access: SET_BY_THE_SERVER, admin: internalFieldAdmin() },
      {
        name: 'externalSizes',
        type: 'json',
        access: SET_BY_THE_SERVER,
        admin: internalFieldAdmin(),
      },
    ],
    upload: {
      staticDir,
      // A file is required of every caller but the importer (`hooks/requireFileOrAddress.ts`).
      filesRequiredOnCreate: false,
      adminThumbnail: ({ doc }) => (isExternalImage(doc) ? outsideThumbnail(doc) : null),
      mimeTypes: ['image/*'],
      imageSizes: [
        { name: 'thumbnail', width: 150, height: 150, position: 'centre' },
        { name: 'medium', width: 300 },
        { name: 'large', width: 1024 },
      ],
    },
  }
}

function outsideThumbnail(doc: Record<string, unknown>): string {
  const sizes = (doc.externalSizes ?? {}) as Record<string, { url?: unknown } | undefined>
  const thumbnail = sizes.thumbnail?.url
  return typeof thumbnail === 'string' ? thumbnail : String(doc.externalUrl)
}
