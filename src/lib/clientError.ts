import { APIError } from 'payload'

/**
 * A request refused for what it asked (a 4xx with a message for the caller), or turned away while
 * the server is busy: not a fault of the server's. Payload logs an error by its name
 * (`config.loggingLevels`), and the plugin files this name at `info`, so that each refusal is one
 * line with its message instead of a stack trace at `error` level (`src/plugin.ts`).
 */
export class ClientError extends APIError {
  constructor(message: string, status = 400) {
    super(message, status, null, true)
    // Subclasses keep this name, which the logging level is filed under.
    this.name = CLIENT_ERROR
  }
}

export const CLIENT_ERROR = 'ClientError'
