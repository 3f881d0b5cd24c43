/**
 * Logs values a request could carry through the app's own logger settings (`src/server/logger.ts`)
 * to stdout, as the server would in the format of LOG_FORMAT, then exits: `test/api/media-file-names.test.ts`
 * reads what was written.
 */
import { type DestinationStream, type LoggerOptions, pino } from 'pino'

import { readEnv } from '../../src/env'
import { loggerConfig } from '../../src/server/logger'

const { destination, options } = loggerConfig(readEnv()) as {
  destination?: DestinationStream
  options: LoggerOptions
}
const logger = pino(options, destination)
logger.error('File nope.png\nFORGED line from the message')
logger.info(
  {
    path: '/api/media/file/a\r\nFORGED line from a value',
    nested: { list: ['b\u2028FORGED line from a list'] },
  },
  'GET /a\rFORGED line after a carriage return',
)
logger.warn('%s and %s', 'formatted\nFORGED line from an argument', 'an escape \u001b[2J')
// The text format's stream writes asynchronously.
setTimeout(() => process.exit(0), 500)
