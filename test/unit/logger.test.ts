import { PassThrough } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'

import { readableLogDestination } from '../../src/server/logger'

/** What the readable format writes for one request's entry, to a stream that is or is not a terminal. */
async function written(isTTY: boolean, noColor?: string): Promise<string> {
  const sink = Object.assign(new PassThrough(), { isTTY })
  let text = ''
  sink.on('data', (chunk) => (text += String(chunk)))
  const logger = pino({ level: 'info' }, readableLogDestination(sink, noColor))
  logger.info(
    { durationMs: 12.5, method: 'GET', path: '/wp-json/vendor/events/v1/events', status: 200 },
    'GET /wp-json/vendor/events/v1/events 200 12.5ms',
  )
  await new Promise((resolve) => setTimeout(resolve, 50))
  return text
}

describe('the readable log format', () => {
  it('writes a request as one line with its values after the message, without colour codes when not on a terminal', async () => {
    const text = await written(false)
    expect(text.trimEnd().split('\n')).toHaveLength(1)
    expect(text).toContain('GET /wp-json/vendor/events/v1/events 200 12.5ms')
    expect(text).toContain('"status":200')
    expect(text).not.toContain('\u001b[')
  })

  it('colours a terminal, unless NO_COLOR is set', async () => {
    expect(await written(true)).toContain('\u001b[')
    expect(await written(true, '1')).not.toContain('\u001b[')
  })
})
