import type { CollectionConfig } from 'payload'
import { clientComponent } from '../../src/admin/paths'
import { roleOf } from '../../src/lib/roles'

import { administratorsOnly } from './administrators'
import { forgetDeliveries } from './hooks/forgetDeliveries'
import { limitWebhooks } from './hooks/limitWebhooks'
import { refusePrivateTargets } from './hooks/refusePrivateTargets'
import { issueWebhookSecret, revealWebhookSecretOnce } from './hooks/webhookSecret'
import { WEBHOOK_EVENTS, WEBHOOK_SLUGS } from './webhookEvents'

const words = (en: string, fr: string, es: string) => ({ en, es, fr })

/**
 * Outbound webhooks (docs/webhooks.md): a target URL, the event types it wants, and a secret
 * that signs each delivery as the Standard Webhooks specification says. The secret is in the
 * answer to the create (or to a rotation) and nowhere else: it is a hidden field, which no API
 * returns. Each change becomes one delivery per webhook (`webhook-deliveries`), sent by the job queue.
 */
export function generateWebhooksCollection(): CollectionConfig {
  return {
    slug: WEBHOOK_SLUGS.webhooks,
    labels: {
      singular: words('Webhook', 'Webhook', 'Webhook'),
      plural: words('Webhooks', 'Webhooks', 'Webhooks'),
    },
    access: {
      admin: ({ req }) => Boolean(administratorsOnly({ req })),
      create: administratorsOnly,
      delete: administratorsOnly,
      read: administratorsOnly,
      readVersions: administratorsOnly,
      update: administratorsOnly,
    },
    admin: {
      useAsTitle: 'url',
      defaultColumns: ['url', 'events', 'enabled', 'updatedAt'],
      group: words('Settings', 'Réglages', 'Ajustes'),
      hidden: ({ user }) => roleOf(user as never) !== 'administrator',
      description: words(
        'Each change of the events you choose is sent to the URL, signed with the secret (Standard Webhooks). The secret is shown once, after the creation or a rotation.',
        'Chaque changement des événements choisis est envoyé à l’URL, signé avec le secret (Standard Webhooks). Le secret n’est montré qu’une fois, après la création ou un renouvellement.',
        'Cada cambio de los eventos elegidos se envía a la URL, firmado con el secreto (Standard Webhooks). El secreto se muestra una sola vez, tras la creación o una renovación.',
      ),
    },
    fields: [
      {
        name: 'url',
        label: words('Target URL', 'URL cible', 'URL de destino'),
        type: 'text',
        required: true,
        maxLength: 2000,
      },
      {
        name: 'events',
        label: words('Events', 'Événements', 'Eventos'),
        type: 'select',
        hasMany: true,
        required: true,
        options: WEBHOOK_EVENTS.map((value) => ({ label: value, value })),
      },
      {
        name: 'enabled',
        label: words('Enabled', 'Activé', 'Activado'),
        type: 'checkbox',
        defaultValue: true,
      },
      {
        // Asked for by the form's "Rotate secret" button (src/admin/WebhookSecret.tsx), or in the API.
        name: 'rotateSecret',
        type: 'checkbox',
        virtual: true,
        admin: { hidden: true },
      },
      {
        name: 'secretPanel',
        type: 'ui',
        admin: {
          disableListColumn: true,
          components: { Field: clientComponent('WebhookSecret') },
        },
      },
      { name: 'secret', type: 'text', hidden: true },
      { name: 'previousSecret', type: 'text', hidden: true },
      { name: 'previousSecretExpiresAt', type: 'date', hidden: true },
      {
        name: 'deliveries',
        label: words('Deliveries', 'Envois', 'Envíos'),
        type: 'join',
        collection: WEBHOOK_SLUGS.deliveries,
        on: 'webhook',
        defaultLimit: 20,
        defaultSort: '-createdAt',
        admin: {
          defaultColumns: [
            'event',
            'status',
            'attempts',
            'responseStatus',
            'durationMs',
            'createdAt',
          ],
        },
      },
    ],
    hooks: {
      beforeValidate: [refusePrivateTargets],
      beforeChange: [limitWebhooks, issueWebhookSecret],
      afterChange: [revealWebhookSecretOnce],
      afterDelete: [forgetDeliveries],
    },
    timestamps: true,
  }
}
