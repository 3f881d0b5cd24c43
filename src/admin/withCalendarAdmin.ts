import type { Config } from 'payload'

import { clientComponent, serverComponent } from './paths'
import { CSV_IMPORT_VIEW_PATH } from './spreadsheetWords'

/** The plugin's additions to the whole admin panel, after the host's own. */
export function withCalendarAdmin(
  admin: Config['admin'],
  eventsSlug: string,
  siteTimezone: string,
): NonNullable<Config['admin']> {
  return {
    ...admin,
    components: {
      ...admin?.components,
      // The events awaiting review, the drafts and the scheduled ones, above the dashboard's cards.
      beforeDashboard: [
        ...(admin?.components?.beforeDashboard ?? []),
        { path: serverComponent('EditorialQueue'), serverProps: { eventsSlug, siteTimezone } },
      ],
      // "Calendar" in the navigation, after the collections.
      afterNavLinks: [
        ...(admin?.components?.afterNavLinks ?? []),
        { clientProps: { eventsSlug }, path: clientComponent('CalendarNavLink') },
      ],
      views: {
        ...admin?.components?.views,
        // "Import CSV" (docs/spreadsheets.md), reached from the events list.
        eventsCalendarCsvImport: {
          Component: serverComponent('CsvImportView'),
          path: CSV_IMPORT_VIEW_PATH,
        },
      },
      providers: [
        ...(admin?.components?.providers ?? []),
        clientComponent('HideUnknownLocale'),
        clientComponent('HideFirstUserApiKey'),
        clientComponent('AdminToasts'),
        clientComponent('SignInLanguage'),
        { clientProps: { eventsSlug }, path: clientComponent('FormLoading') },
      ],
    },
  }
}
