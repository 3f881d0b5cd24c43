import config from '@payload-config'
import { REST_OPTIONS } from '@payloadcms/next/routes'

import { payloadGraphqlHandler } from '../../../../server/payloadApiHandlers'

export const POST = payloadGraphqlHandler(config)
export const OPTIONS = REST_OPTIONS(config)
