import config from '@payload-config'
import '@payloadcms/next/css'

import { payloadRestHandler } from '../../../../server/payloadApiHandlers'

const handler = payloadRestHandler(config)

export const GET = handler
export const POST = handler
export const DELETE = handler
export const PATCH = handler
export const PUT = handler
export const OPTIONS = handler
