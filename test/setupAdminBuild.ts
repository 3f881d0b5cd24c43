import { inject } from 'vitest'

import { awaitAdminBuild } from './helpers/adminBuild'

// The files of the tiers that name this file start after the admin build, which global setup began
// in the background while the unit and api tiers ran: the system and browser files start the
// built app, the timed system files among them, which must not share the machine with the build.
await awaitAdminBuild(inject('adminBuildStatus'), inject('adminBuildRequired'))
