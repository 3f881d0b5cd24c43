import type { CollectionConfig, Config, JobsConfig } from 'payload'

import type { EventsCalendarPluginConfig } from './types'

import { generateApplicationPasswordsCollection } from '../collections/ApplicationPasswords/index'
import { generateEventCategoriesCollection } from '../collections/EventCategories/index'
import { generateEventsCollection } from '../collections/Events/index'
import { generateEventTagsCollection } from '../collections/EventTags/index'
import { generateMediaCollection } from '../collections/Media/index'
import { generateOrganizersCollection } from '../collections/Organizers/index'
import { generateUsersCollection, withCalendarUsers } from '../collections/Users/index'
import { generateVenuesCollection } from '../collections/Venues/index'
import { compatRootEndpoints } from '../endpoints/payloadEndpoints'
import { mendPreferenceDeletes } from './db/deleteOwnPreference'
import { guardCollectionsAddedByPayload, withInputGuards } from './collectionGuards'
import { answerDatabaseErrors } from './hooks/answerDatabaseErrors'
import { CALENDAR_QUEUE, publishScheduledItemsTask } from './jobs/publishScheduledItems'
import { sanitizeOptions } from './sanitizeOptions'
import { CALENDAR_SLUGS, POST_COLLECTIONS } from './slugs'

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
    const existing = incomingConfig.collections ?? []
    const has = (slug: string) => existing.some((collection) => collection.slug === slug)

    const users = existing.find((collection) => collection.slug === options.usersCollection)
    const collections: CollectionConfig[] = existing.map((collection) =>
      collection === users ? withCalendarUsers(collection, CALENDAR_SLUGS.applicationPasswords) : collection,
    )
    if (!users) collections.push(generateUsersCollection(options, CALENDAR_SLUGS.applicationPasswords))
    if (!has(options.mediaCollection)) collections.push(generateMediaCollection(options.mediaCollection))

    // Schema first, behaviour second: the collections stay when the plugin is disabled, so that
    // the database and its migrations do not depend on the switch.
    collections.push(
      generateEventsCollection(options, CALENDAR_SLUGS),
      generateVenuesCollection(options, CALENDAR_SLUGS.venues),
      generateOrganizersCollection(options, CALENDAR_SLUGS.organizers),
      generateEventCategoriesCollection(options, CALENDAR_SLUGS.eventCategories),
      generateEventTagsCollection(options, CALENDAR_SLUGS.eventTags),
      generateApplicationPasswordsCollection(CALENDAR_SLUGS.applicationPasswords, options.usersCollection),
    )

    const incomingJobs: JobsConfig = incomingConfig.jobs ?? {}
    const jobs: JobsConfig = {
      ...incomingJobs,
      tasks: [
        ...(incomingJobs.tasks ?? []),
        publishScheduledItemsTask(POST_COLLECTIONS, options.scheduledPublication.cron),
      ],
      deleteJobOnComplete: incomingJobs.deleteJobOnComplete ?? true,
    }
    if (!options.disabled && options.scheduledPublication.autoRun) {
      const incomingAutoRun = incomingJobs.autoRun
      jobs.autoRun = async (payload) => [
        ...(typeof incomingAutoRun === 'function' ? await incomingAutoRun(payload) : (incomingAutoRun ?? [])),
        { cron: options.scheduledPublication.cron, queue: CALENDAR_QUEUE },
      ]
    }

    return {
      ...incomingConfig,
      // Every collection, the site's own included: what its database refuses is refused the same way.
      collections: collections.map(withInputGuards),
      hooks: { ...incomingConfig.hooks, afterError: [...(incomingConfig.hooks?.afterError ?? []), answerDatabaseErrors] },
      custom: { ...incomingConfig.custom, eventsCalendar: options },
      endpoints: [...(incomingConfig.endpoints ?? []), ...(options.disabled ? [] : compatRootEndpoints(options))],
      jobs,
      onInit: async (payload) => {
        guardCollectionsAddedByPayload(payload)
        mendPreferenceDeletes(payload)
        await incomingConfig.onInit?.(payload)
      },
    }
  }
