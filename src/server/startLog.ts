/**
 * The start script's own messages (before Payload and its logger exist, and around the stop):
 * plain lines by default, or JSON objects shaped like Payload's (`payload.config.ts`) with
 * LOG_FORMAT=json, so a log collector reads every line of the process the same way.
 */
export function startLog(format: 'json' | 'text') {
  if (format === 'json') {
    return (message: string) =>
      console.log(
        JSON.stringify({
          level: 'info',
          time: new Date().toISOString(),
          name: 'events-calendar',
          msg: message,
        }),
      )
  }
  return (message: string) => console.log(`[events-calendar] ${message}`)
}
