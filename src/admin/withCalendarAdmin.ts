import type { Config } from 'payload'

import { clientComponent, serverComponent } from './paths'
import { CSV_IMPORT_VIEW_PATH } from './spreadsheetWords'

/** The plugin's additions to the whole admin panel, after the host's own. */
export function withCalendarAdmin(
  admin: Config['admin'],
  eventsSlug: string,
): NonNullable<Config['admin']> {
  return {
    ...admin,
    components: {
      ...admin?.components,
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
