import type { CollectionConfig } from 'payload'

import { isSignedIn } from '../../src/access/posts'

/** Images of events, venues and organizers. Files live in `staticDir` on the server's disk. */
export function generateMediaCollection(slug: string, staticDir?: string): CollectionConfig {
  return {
    slug,
    labels: { singular: 'Image', plural: 'Media' },
    access: { create: isSignedIn, delete: isSignedIn, read: () => true, update: isSignedIn },
    admin: { group: 'Calendar' },
    fields: [{ name: 'alt', label: 'Alternative text', type: 'text', localized: true }],
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
