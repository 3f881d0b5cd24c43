import type { CollectionBeforeChangeHook, CollectionConfig, Field } from 'payload'

import { administratorsOnly } from '../Webhooks/administrators'
import { WEBHOOK_EVENTS, WEBHOOK_SLUGS } from '../Webhooks/webhookEvents'

const words = (en: string, fr: string, es: string) => ({ en, es, fr })

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'skipped'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/** Kept by the delivery job; nobody writes them through an API (`resend` aside). */
const readOnly = (field: Field): Field =>
  ({
    ...field,
    access: { create: () => false, update: () => false },
    admin: { ...field.admin, readOnly: true },
  }) as Field

/** `resend`: the delivery is sent again from its first try (same id and body), at the next turn of the queue. */
const resendWhenAsked: CollectionBeforeChangeHook = ({ data, operation }) => {
  if (operation === 'update' && data.resend === true) {
    data.status = 'pending'
    data.attempts = 0
    data.nextAttemptAt = new Date().toISOString()
    data.error = null
  }
  delete data.resend
  return data
}

/**
 * The outbox and the log of the webhooks (docs/webhooks.md): one row per change and webhook,
 * written in the transaction of the save that made the change (so an acknowledged change is
 * delivered and a failed save sends nothing), then sent, retried and logged by the job queue.
 */
export function generateWebhookDeliveriesCollection(): CollectionConfig {
  return {
    slug: WEBHOOK_SLUGS.deliveries,
    labels: {
      singular: words('Webhook delivery', 'Envoi de webhook', 'Envío de webhook'),
      plural: words('Webhook deliveries', 'Envois de webhooks', 'Envíos de webhooks'),
    },
    access: {
      admin: ({ req }) => Boolean(administratorsOnly({ req })),
      create: () => false,
      delete: administratorsOnly,
      read: administratorsOnly,
      update: administratorsOnly,
    },
    admin: {
      useAsTitle: 'messageId',
      defaultColumns: ['event', 'webhook', 'status', 'attempts', 'responseStatus', 'createdAt'],
      group: words('Settings', 'Réglages', 'Ajustes'),
      hidden: true,
    },
    fields: [
      {
        name: 'resend',
        label: words('Send again', 'Renvoyer', 'Reenviar'),
        type: 'checkbox',
        virtual: true,
        admin: {
          description: words(
            'Saving sends this delivery again, with the same id and body.',
            'L’enregistrement renvoie cet envoi, avec le même identifiant et le même contenu.',
            'Al guardar se reenvía este envío, con el mismo identificador y contenido.',
          ),
        },
      },
      ...[
        {
          name: 'webhook',
          type: 'relationship',
          relationTo: WEBHOOK_SLUGS.webhooks,
          // Emptied when the webhook is deleted (its deliveries are then deleted too).
          index: true,
        },
        {
          name: 'event',
          type: 'select',
          options: WEBHOOK_EVENTS.map((value) => ({ label: value, value })),
          required: true,
        },
        { name: 'messageId', type: 'text', required: true, unique: true },
        {
          name: 'status',
          type: 'select',
          options: DELIVERY_STATUSES.map((value) => ({ label: value, value })),
          defaultValue: 'pending',
          required: true,
          index: true,
        },
        { name: 'itemCollection', type: 'text', required: true },
        { name: 'itemId', type: 'number', required: true },
        { name: 'occurrenceId', type: 'number' },
        { name: 'attempts', type: 'number', defaultValue: 0, required: true },
        { name: 'nextAttemptAt', type: 'date', index: true },
        { name: 'lastAttemptAt', type: 'date' },
        { name: 'responseStatus', type: 'number' },
        { name: 'durationMs', type: 'number' },
        { name: 'responseExcerpt', type: 'textarea' },
        { name: 'error', type: 'text' },
        { name: 'body', type: 'code', admin: { language: 'json' } },
      ].map((field) => readOnly(field as Field)),
    ],
    hooks: { beforeChange: [resendWhenAsked] },
    timestamps: true,
  }
}
