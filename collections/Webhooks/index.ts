import type { CollectionConfig } from 'payload'
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
        'Each change of the events you choose is sent to the URL, signed with the secret (Standard Webhooks). The secret is shown once, in the answer to the creation or to a rotation.',
        'Chaque changement des événements choisis est envoyé à l’URL, signé avec le secret (Standard Webhooks). Le secret n’est montré qu’une fois, dans la réponse à la création ou au renouvellement.',
        'Cada cambio de los eventos elegidos se envía a la URL, firmado con el secreto (Standard Webhooks). El secreto se muestra una sola vez, en la respuesta a la creación o a la renovación.',
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
        name: 'rotateSecret',
        label: words('Rotate the secret', 'Renouveler le secret', 'Renovar el secreto'),
        type: 'checkbox',
        virtual: true,
        admin: {
          condition: (data) => Boolean(data?.id),
          description: words(
            'Saving makes a new secret, shown once in the answer; the old one still signs for a day.',
            'L’enregistrement crée un nouveau secret, montré une fois dans la réponse ; l’ancien signe encore un jour.',
            'Al guardar se crea un nuevo secreto, mostrado una vez en la respuesta; el anterior firma aún un día.',
          ),
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
