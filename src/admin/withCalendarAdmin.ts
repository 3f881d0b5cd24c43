import type { Config } from 'payload'

import { clientComponent } from './paths'

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
