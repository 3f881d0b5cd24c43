import type { Config } from 'payload'

import { clientComponent } from './paths'

/** The plugin's additions to the whole admin panel, after the host's own. */
export function withCalendarAdmin(admin: Config['admin']): NonNullable<Config['admin']> {
  return {
    ...admin,
    components: {
      ...admin?.components,
      providers: [...(admin?.components?.providers ?? []), clientComponent('HideUnknownLocale')],
    },
  }
}
