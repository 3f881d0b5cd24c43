/**
 * An error of the compatibility API, sent as WordPress sends a `WP_Error`:
 * `{code, message, data: {status, ...}}` with `status` as the HTTP status.
 */
export class RestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly data: Record<string, unknown> = {},
    /** Top-level keys WordPress adds beside `data` in some errors (e.g. `additional_data`). */
    readonly extra: Record<string, unknown> = {},
    /** Response headers that go with the error (e.g. `Retry-After`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'RestError'
  }

  toBody(): Record<string, unknown> & { code: string; data: Record<string, unknown>; message: string } {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.data }, ...this.extra }
  }
}

export const noRoute = (): RestError =>
  new RestError('rest_no_route', 'No route was found matching the URL and request method.', 404)

export const invalidJson = (): RestError => new RestError('rest_invalid_json', 'Invalid JSON body passed.', 400)

export const incorrectPassword = (): RestError =>
  new RestError('incorrect_password', 'The provided password is an invalid application password.', 401)

/** 401 for anonymous callers, 403 for signed-in ones, as `rest_authorization_required_code` decides. */
export const forbidden = (signedIn: boolean): RestError =>
  new RestError('rest_forbidden', 'Sorry, you are not allowed to do that.', signedIn ? 403 : 401)

/** Too many wrong passwords: this one was not even checked; try again after the wait. */
export const tooManySignInAttempts = (retryAfterMs: number): RestError =>
  new RestError('too_many_sign_in_attempts', 'Too many sign-in attempts. Please wait before trying again.', 429, {}, {}, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
  })

/** The database cannot be reached: nothing the caller did wrong, worth retrying shortly. */
export const databaseUnavailable = (retryAfterSeconds: number): RestError =>
  new RestError('database_unavailable', 'The site cannot reach its database right now. Please try again shortly.', 503, {}, {}, {
    'Retry-After': String(retryAfterSeconds),
  })

export const internalError = (): RestError =>
  new RestError('rest_internal_error', 'The server could not complete the request.', 500)
