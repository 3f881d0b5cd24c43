import type { Access, CollectionConfig, CollectionSlug, Field, PayloadHandler } from 'payload'

import { SET_BY_THE_SERVER } from '../../src/fields/postFields'
import { labelByLanguage } from '../../src/i18n/index'
import { clientComponent } from '../../src/admin/paths'
import { runCalendarQueueOnce, runsCalendarQueue } from '../../src/jobs/calendarQueueRunner'
import { queueCalendarSourceRun } from '../../src/jobs/importCalendarSources'
import { can } from '../../src/lib/roles'
import {
  CALENDAR_SOURCE_ITEMS_SLUG,
  CALENDAR_SOURCES_SLUG,
  CONFLICT_POLICIES,
  IMPORTED_STATUSES,
  MAX_FEED_BYTES,
  MAX_ICS_FILE_BYTES,
  SCHEDULES,
} from '../../src/icsImport/sources'

/** Editors and administrators: those who may edit everyone's events, which a source writes. */
const editors: Access = ({ req: { user } }) => can(user, 'edit_others_posts')

const FEED_ADDRESS = /^(https?|webcal):\/\/[^\s/?#]+/i

const CHOICE_LABELS: Record<string, Record<string, string>> = {
  hourly: { en: 'Every hour', fr: 'Toutes les heures', es: 'Cada hora' },
  daily: { en: 'Every day', fr: 'Tous les jours', es: 'Cada día' },
  manual: { en: 'Only when run by hand', fr: 'Seulement à la demande', es: 'Solo a mano' },
  keepLocalEdits: {
    en: 'Keep edits made here',
    fr: 'Garder les modifications faites ici',
    es: 'Conservar los cambios hechos aquí',
  },
  sourceWins: { en: 'The source wins', fr: 'La source l’emporte', es: 'Gana la fuente' },
  draft: { en: 'Draft', fr: 'Brouillon', es: 'Borrador' },
  pending: { en: 'Pending review', fr: 'En attente de relecture', es: 'Pendiente de revisión' },
  publish: { en: 'Published', fr: 'Publié', es: 'Publicado' },
  private: { en: 'Private', fr: 'Privé', es: 'Privado' },
  succeeded: { en: 'Succeeded', fr: 'Réussi', es: 'Correcto' },
  failed: { en: 'Failed', fr: 'Échoué', es: 'Fallido' },
}
const options = (values: readonly string[]) =>
  values.map((value) => ({ label: CHOICE_LABELS[value]!, value }))

/**
 * Calendar subscriptions in (issue 27, part 2; docs/calendar-sources.md): an iCalendar feed by
 * address or as an uploaded file's text, imported on a schedule by the calendar's job queue
 * (src/jobs/importCalendarSources.ts) or at once with `POST /api/calendar-sources/{id}/run`.
 * Editors and administrators manage them; authors and contributors do not see them.
 */
export function generateCalendarSourcesCollection(slugs: {
  events: CollectionSlug
  venues: CollectionSlug
  organizers: CollectionSlug
  eventCategories: CollectionSlug
  eventTags: CollectionSlug
}): CollectionConfig {
  return {
    slug: CALENDAR_SOURCES_SLUG,
    labels: {
      singular: { en: 'Calendar source', fr: 'Source de calendrier', es: 'Fuente de calendario' },
      plural: { en: 'Calendar sources', fr: 'Sources de calendrier', es: 'Fuentes de calendario' },
    },
    access: { create: editors, delete: editors, read: editors, update: editors },
    admin: {
      useAsTitle: 'name',
      defaultColumns: ['name', 'schedule', 'lastRun.at', 'lastRun.status'],
      group: labelByLanguage('groupCalendar'),
      hidden: ({ user }) => !can(user, 'edit_others_posts'),
    },
    endpoints: [{ path: '/:id/run', method: 'post', handler: runNow }],
    hooks: {
      // Its matches go first (they name it): the events it imported stay, as any event.
      beforeDelete: [
        async ({ id, req }) => {
          await req.payload.delete({
            collection: CALENDAR_SOURCE_ITEMS_SLUG as CollectionSlug,
            overrideAccess: true,
            req,
            where: { source: { equals: id } },
          })
        },
      ],
    },
    fields: [
      { name: 'name', type: 'text', required: true, maxLength: 200 },
      {
        name: 'url',
        label: { en: 'Feed address', fr: 'Adresse du flux', es: 'Dirección del feed' },
        type: 'text',
        maxLength: 2000,
        admin: {
          description: {
            en: 'An https:// or webcal:// address, e.g. a Google or Outlook calendar’s public address. Leave empty to import a file’s text instead.',
            fr: 'Une adresse https:// ou webcal://, par exemple l’adresse publique d’un agenda Google ou Outlook. Laissez vide pour importer le texte d’un fichier.',
            es: 'Una dirección https:// o webcal://, p. ej. la dirección pública de un calendario de Google u Outlook. Déjela vacía para importar el texto de un archivo.',
          },
        },
        validate: (value: null | string | undefined, { siblingData }: { siblingData: unknown }) => {
          const ics = (siblingData as { ics?: null | string }).ics
          if (!value?.trim()) return ics?.trim() ? true : 'Give a feed address or a file’s text.'
          return (
            FEED_ADDRESS.test(value.trim()) ||
            'The address must start with https://, http:// or webcal://.'
          )
        },
      },
      {
        name: 'icsFile',
        type: 'ui',
        admin: {
          condition: (data) => !data?.url,
          components: {
            Field: {
              path: clientComponent('IcsFileInput'),
              clientProps: { maxBytes: MAX_ICS_FILE_BYTES, target: 'ics' },
            },
          },
        },
      },
      {
        name: 'ics',
        label: {
          en: 'iCalendar file (.ics)',
          fr: 'Fichier iCalendar (.ics)',
          es: 'Archivo iCalendar (.ics)',
        },
        type: 'textarea',
        maxLength: MAX_FEED_BYTES,
        admin: {
          description: {
            en: 'The text of an .ics file (read from the file above, or pasted), when there is no feed address.',
            fr: 'Le texte d’un fichier .ics (lu depuis le fichier ci-dessus, ou collé), faute d’adresse de flux.',
            es: 'El texto de un archivo .ics (leído del archivo de arriba, o pegado), si no hay dirección de feed.',
          },
          condition: (data) => !data?.url,
        },
      },
      {
        type: 'row',
        fields: [
          {
            name: 'schedule',
            type: 'select',
            required: true,
            defaultValue: 'daily',
            options: options(SCHEDULES),
          },
          {
            name: 'conflictPolicy',
            label: {
              en: 'When an imported event was edited here',
              fr: 'Quand un événement importé a été modifié ici',
              es: 'Cuando un evento importado se editó aquí',
            },
            type: 'select',
            required: true,
            defaultValue: 'keepLocalEdits',
            options: options(CONFLICT_POLICIES),
          },
        ],
      },
      {
        type: 'collapsible',
        label: {
          en: 'Given to imported events',
          fr: 'Donné aux événements importés',
          es: 'Dado a los eventos importados',
        },
        fields: [
          {
            name: 'eventStatus',
            type: 'select',
            required: true,
            defaultValue: 'draft',
            options: options(IMPORTED_STATUSES),
          },
          { name: 'venue', type: 'relationship', relationTo: slugs.venues },
          { name: 'organizers', type: 'relationship', relationTo: slugs.organizers, hasMany: true },
          {
            name: 'categories',
            type: 'relationship',
            relationTo: slugs.eventCategories,
            hasMany: true,
          },
          { name: 'tags', type: 'relationship', relationTo: slugs.eventTags, hasMany: true },
        ],
      },
      lastRunField(),
      {
        name: 'runNow',
        type: 'ui',
        admin: {
          position: 'sidebar',
          disableListColumn: true,
          components: { Field: clientComponent('CalendarSourceRun') },
        },
      },
    ],
  }
}

function lastRunField(): Field {
  return {
    name: 'lastRun',
    label: { en: 'Last run', fr: 'Dernière exécution', es: 'Última ejecución' },
    type: 'group',
    access: SET_BY_THE_SERVER,
    admin: { readOnly: true },
    fields: [
      { name: 'at', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
      { name: 'status', type: 'select', options: options(['succeeded', 'failed']) },
      { name: 'log', type: 'textarea' },
    ],
  }
}

/**
 * "Run now": queues the source's import on the calendar's queue; 202, or 404 for a source the
 * caller may not manage. A process that runs the queue (`npm start` with RUN_JOBS on) also takes
 * a turn of it at once, after the answer, rather than at the next minute: the form waits for the
 * run's log. The queue's lock keeps that turn from running beside another instance's.
 */
const runNow: PayloadHandler = async (req) => {
  const id = Number(req.routeParams?.id)
  const source =
    Number.isSafeInteger(id) && id > 0
      ? await req.payload.findByID({
          collection: CALENDAR_SOURCES_SLUG as CollectionSlug,
          depth: 0,
          disableErrors: true,
          id,
          overrideAccess: false,
          req,
          select: {},
        })
      : null
  if (!source || !can(req.user as never, 'edit_others_posts'))
    return Response.json({ errors: [{ message: 'Not Found' }] }, { status: 404 })
  await queueCalendarSourceRun(req.payload, id)
  if (runsCalendarQueue(req.payload))
    setImmediate(() => {
      runCalendarQueueOnce(req.payload).catch((error: unknown) =>
        req.payload.logger.error({ err: error, msg: 'A calendar source’s "run now" turn failed' }),
      )
    })
  return Response.json({ queued: true }, { status: 202 })
}
