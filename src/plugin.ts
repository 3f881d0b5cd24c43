import type { CollectionConfig, Config, GraphQLExtension, JobsConfig } from 'payload'

import type { CollectionOverride, EventsCalendarPluginConfig, SanitizedPluginConfig } from './types'

import { generateApplicationPasswordsCollection } from '../collections/ApplicationPasswords/index'
import { generateCalendarSourcesCollection } from '../collections/CalendarSources/index'
import { generateCalendarSourceItemsCollection } from '../collections/CalendarSources/items'
import { generateEventCategoriesCollection } from '../collections/EventCategories/index'
import { generateEventsCollection } from '../collections/Events/index'
import { occurrencesQuery } from '../collections/Events/occurrencesQuery'
import { generateEventTagsCollection } from '../collections/EventTags/index'
import { generateMediaCollection } from '../collections/Media/index'
import { generateOrganizersCollection } from '../collections/Organizers/index'
import { generateUsersCollection, withCalendarUsers } from '../collections/Users/index'
import { generateVenuesCollection } from '../collections/Venues/index'
import { applyOverride } from '../collections/applyOverride'
import { compatRootEndpoints } from '../endpoints/payloadEndpoints'
import { HOST_SCRIPT_KEY, hostScriptPath } from './cli/hostScriptPath'
import { ensureCalendarSchemaOnInit } from './db/calendarSchemaOnInit'
import {
  applyConfigPatches,
  applyInitPatches,
  verifyPayloadInternals,
} from './db/payloadInternals/index'
import { guardedDocAccessQueries } from './db/payloadInternals/docAccess'
import { withInputGuards } from './collectionGuards'
import { guardLockedDocuments } from './access/lockedDocuments'
import { withGraphqlReadBudget } from './graphql/readBudget'
import { forgotPasswordMutation } from './auth/forgotPasswordGuard'
import { capVisitorPageSize } from './hooks/capVisitorPageSize'
import { answerDatabaseErrors } from './hooks/answerDatabaseErrors'
import { withCalendarI18n } from './i18n/withCalendarI18n'
import { withCalendarAdmin } from './admin/withCalendarAdmin'
import { csvEndpoints } from './spreadsheets/endpoints'
import { extendRecurrencesTask } from './jobs/extendRecurrences'
import { importCalendarSourcesTask } from './jobs/importCalendarSources'
import { CALENDAR_QUEUE, publishScheduledItemsTask } from './jobs/publishScheduledItems'
import { customWithPluginOptions } from './pluginOptions'
import { sanitizeOptions } from './sanitizeOptions'
import { CALENDAR_SLUGS, POST_COLLECTIONS } from './slugs'
import { inertPublishTask, withoutCalendarSignIn, withoutPluginHooks } from './withoutBehaviour'
import { startPurgeListener } from './cdn/purgeListener'
import { withPurgeOnChange } from './cdn/purgeOnChange'
import { webhookCollections, webhooksTask, withChangeRecording } from './webhooks/index'
import { CLIENT_ERROR } from './lib/clientError'

export { CALENDAR_SLUGS, POST_COLLECTIONS, TERM_COLLECTIONS } from './slugs'

/**
 * The events calendar as a Payload plugin: events, venues, organizers, event categories and
 * tags, localized and under the original's status workflow, plus the compatibility API of
 * The Events Calendar (`tribe/events/v1`, served as `vendor/events/v1`).
 *
 * ```ts
 * export default buildConfig({ plugins: [eventsCalendarPlugin({ siteTimezone: 'Europe/Paris' })], … })
 * ```
 */
export const eventsCalendarPlugin =
  (pluginOptions: EventsCalendarPluginConfig = {}) =>
  (incomingConfig: Config): Config => {
    const options = sanitizeOptions(pluginOptions, incomingConfig)
    const enabled = !options.disabled
    // Schema first, behaviour second: the collections and fields are the same when the plugin is
    // disabled, so that the database and its migrations do not depend on the switch.
    const collections = [
      ...withCalendarUsersAndMedia(incomingConfig.collections ?? [], options),
      ...calendarCollections(options),
    ]
    refuseNamespaceOfACollection(options.namespace, collections)

    // What the calendar changes of Payload's internals, each patch with its reason and check (`src/db/payloadInternals/`).
    const patched = applyConfigPatches(incomingConfig, { enabled })

    return {
      ...patched,
      // Every collection, the site's own included: what its database refuses is refused the same way.
      collections: enabled ? collections.map(withInputGuards) : collections,
      hooks: enabled
        ? {
            ...patched.hooks,
            afterError: [...(patched.hooks?.afterError ?? []), answerDatabaseErrors],
          }
        : patched.hooks,
      // The admin in the editor's language (English, French, Spanish), the plugin's own words included;
      // kept when disabled, since the collections' labels still name the plugin's keys.
      i18n: withCalendarI18n(incomingConfig.i18n),
      // Refusals of what a request asked are one line at `info`, not a stack trace at `error`.
      // (Payload types the names as its own errors'; it looks any error's name up.)
      loggingLevels: {
        [CLIENT_ERROR]: 'info',
        ...incomingConfig.loggingLevels,
      } as Config['loggingLevels'],
      // A GraphQL request reads at most so many documents (`src/graphql/readBudget.ts`), whoever asks.
      // And a series' occurrences in a window (`EventOccurrences`), as Payload's REST has them.
      graphQL: enabled
        ? withGraphqlReadBudget(
            withGraphql(
              withGraphql(
                // Forgot-password answered before its message is sent, as on REST.
                withGraphql(incomingConfig.graphQL, 'mutations', (_GraphQL, schema) =>
                  forgotPasswordMutation(schema, options.usersCollection),
                ),
                'queries',
                occurrencesQuery(CALENDAR_SLUGS.events, options.clock),
              ),
              'queries',
              // Payload's "what may I do with this document" only for documents the caller may read
              // (src/db/payloadInternals/docAccess.ts).
              guardedDocAccessQueries,
            ),
          )
        : incomingConfig.graphQL,
      admin: withCalendarAdmin(incomingConfig.admin, CALENDAR_SLUGS.events, options.siteTimezone),
      custom: customWithPluginOptions(incomingConfig.custom, options),
      endpoints: [
        ...(incomingConfig.endpoints ?? []),
        ...(enabled ? compatRootEndpoints(options) : []),
        // The spreadsheets' import and export for the admin panel (docs/spreadsheets.md).
        ...(enabled ? csvEndpoints() : []),
      ],
      jobs: calendarJobs(incomingConfig.jobs ?? {}, options),
      bin: enabled ? withHostScript(incomingConfig.bin) : incomingConfig.bin,
      onInit: async (payload) => {
        applyInitPatches(payload, { enabled })
        if (enabled) guardLockedDocuments(payload)
        // An upgrade of Payload that moved what a patch relies on is said here, by the patch's name.
        verifyPayloadInternals(payload, { enabled })
        // Applied where the host pushes its schema; otherwise checked, and said loudly if missing.
        await ensureCalendarSchemaOnInit(payload)
        if (enabled && options.cdn?.purge) startPurgeListener(payload, options.cdn.purge)
        await incomingConfig.onInit?.(payload)
      },
    }
  }

/**
 * The host's own GraphQL queries or mutations, and the calendar's beside them (a calendar's field
 * of the same name as Payload's own takes its place).
 */
function withGraphql(
  graphQL: Config['graphQL'],
  kind: 'mutations' | 'queries',
  extension: GraphQLExtension,
): Config['graphQL'] {
  const incoming = graphQL?.[kind]
  return {
    ...graphQL,
    [kind]: ((GraphQL, context) => ({
      ...incoming?.(GraphQL, context),
      ...extension(GraphQL, context),
    })) satisfies GraphQLExtension,
  }
}

/** `npx payload events-calendar import|export …`: the import tool with the host's own config (`src/cli/hostScript.ts`). */
function withHostScript(bin: Config['bin']): Config['bin'] {
  const scriptPath = hostScriptPath()
  return scriptPath ? [...(bin ?? []), { key: HOST_SCRIPT_KEY, scriptPath }] : bin
}

/** The site's collections, its users collection extended for the calendar (or one added), and a media collection if it has none. */
function withCalendarUsersAndMedia(
  existing: CollectionConfig[],
  options: SanitizedPluginConfig,
): CollectionConfig[] {
  const appPasswords = CALENDAR_SLUGS.applicationPasswords
  const siteUsers = existing.find((collection) => collection.slug === options.usersCollection)
  if (siteUsers && !siteUsers.auth) {
    throw new Error(
      `eventsCalendarPlugin: usersCollection "${options.usersCollection}" is not an auth collection`,
    )
  }
  const users = siteUsers
    ? withCalendarUsers(siteUsers, appPasswords)
    : generateUsersCollection(options, appPasswords)
  const calendarUsers = options.disabled ? withoutCalendarSignIn(users, siteUsers) : users
  const collections = existing.map((collection) =>
    collection === siteUsers ? calendarUsers : collection,
  )
  if (!siteUsers) collections.push(calendarUsers)
  if (!existing.some((collection) => collection.slug === options.mediaCollection)) {
    const media = generateMediaCollection(options.mediaCollection)
    collections.push(options.disabled ? withoutPluginHooks(media) : media)
  }
  return collections
}

/**
 * The calendar's own collections. The site's overrides are merged here, after a disabled
 * plugin's hooks are gone, so that the hooks a site adds in `overrides` stay either way.
 */
function calendarCollections(options: SanitizedPluginConfig): CollectionConfig[] {
  const generating = { ...options, overrides: {} }
  const { overrides } = options
  const generated: [CollectionConfig, CollectionOverride | undefined][] = [
    [generateEventsCollection(generating, CALENDAR_SLUGS), overrides.events],
    [generateVenuesCollection(generating, CALENDAR_SLUGS.venues), overrides.venues],
    [generateOrganizersCollection(generating, CALENDAR_SLUGS.organizers), overrides.organizers],
    [
      generateEventCategoriesCollection(generating, CALENDAR_SLUGS.eventCategories),
      overrides.eventCategories,
    ],
    [generateEventTagsCollection(generating, CALENDAR_SLUGS.eventTags), overrides.eventTags],
    [
      generateApplicationPasswordsCollection(
        CALENDAR_SLUGS.applicationPasswords,
        options.usersCollection,
      ),
      undefined,
    ],
    [generateCalendarSourcesCollection(CALENDAR_SLUGS), undefined],
    [generateCalendarSourceItemsCollection(CALENDAR_SLUGS.events), undefined],
  ]
  return [
    ...generated.map(([collection, override]) =>
      applyOverride(
        withPurgeOnChange(
          withChangeRecording(
            options.disabled ? withoutPluginHooks(collection) : withVisitorPageSize(collection),
            options,
          ),
          options,
        ),
        override,
      ),
    ),
    ...webhookCollections(),
  ]
}

/** The scheduled publication task (inert when disabled) and, with `autoRun`, its queue run by Payload. */
function calendarJobs(incomingJobs: JobsConfig, options: SanitizedPluginConfig): JobsConfig {
  const task = publishScheduledItemsTask(POST_COLLECTIONS, options.scheduledPublication.cron)
  const horizonTask = extendRecurrencesTask(CALENDAR_SLUGS.events, options.recurrence.horizonMonths)
  const sourcesTask = importCalendarSourcesTask()
  const jobs: JobsConfig = {
    ...incomingJobs,
    tasks: [
      ...(incomingJobs.tasks ?? []),
      options.disabled ? inertPublishTask(task) : task,
      // Inert when disabled, as the publication task: registered (the jobs table lists its slug), never doing anything.
      options.disabled
        ? { ...horizonTask, handler: async () => ({ output: { added: 0, series: 0 } }) }
        : horizonTask,
      options.disabled
        ? { ...sourcesTask, handler: async () => ({ output: { ran: 0, failed: 0 } }) }
        : sourcesTask,
      webhooksTask(options),
    ],
    deleteJobOnComplete: incomingJobs.deleteJobOnComplete ?? true,
  }
  if (!options.disabled && options.scheduledPublication.autoRun) {
    const incomingAutoRun = incomingJobs.autoRun
    jobs.autoRun = async (payload) => [
      ...(typeof incomingAutoRun === 'function'
        ? await incomingAutoRun(payload)
        : (incomingAutoRun ?? [])),
      { cron: options.scheduledPublication.cron, queue: CALENDAR_QUEUE },
    ]
  }
  return jobs
}

/**
 * Payload routes `/api/{first segment}/…` to a collection of that slug before its root endpoints
 * (`payload/dist/utilities/handleEndpoints.js`), so a namespace starting with one would never be
 * reached under the API route.
 */
function refuseNamespaceOfACollection(namespace: string, collections: CollectionConfig[]): void {
  const first = namespace.split('/')[0]!
  if (first === 'globals' || collections.some((collection) => collection.slug === first)) {
    throw new Error(
      `eventsCalendarPlugin: namespace "${namespace}" starts with "${first}", which Payload's API route takes for its own`,
    )
  }
}

/** A visitor's pages of the collection hold at most 100 items (`src/hooks/capVisitorPageSize.ts`). */
function withVisitorPageSize(collection: CollectionConfig): CollectionConfig {
  const hooks = collection.hooks ?? {}
  return {
    ...collection,
    hooks: { ...hooks, beforeOperation: [...(hooks.beforeOperation ?? []), capVisitorPageSize] },
  }
}
