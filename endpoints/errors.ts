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

  toBody(): Record<string, unknown> & {
    code: string
    data: Record<string, unknown>
    message: string
  } {
    return {
      code: this.code,
      message: this.message,
      data: { status: this.status, ...this.data },
      ...this.extra,
    }
  }
}

/**
 * 400 `rest_invalid_param` naming each refused argument with its message, as
 * `WP_REST_Request::has_valid_params` builds it; `details` holds the rules' own errors (PHP
 * encodes an empty array as `[]`, which is what clients get when no rule explained itself).
 */
export const invalidParams = (
  params: Record<string, string>,
  details: Record<string, unknown> = {},
): RestError =>
  new RestError(
    'rest_invalid_param',
    `Invalid parameter(s): ${Object.keys(params).join(', ')}`,
    400,
    {
      params,
      details: Object.keys(details).length ? details : [],
    },
  )

/** One argument refused without a rule's own explanation. */
export const invalidParam = (name: string): RestError =>
  invalidParams({ [name]: 'Invalid parameter.' })

/** A value outside an argument's declared `enum` (`rest_not_in_enum`). */
export const notInEnum = (name: string, allowed: readonly string[]): RestError => {
  const message = `${name} is not one of ${allowed.join(', ')}.`
  return invalidParams(
    { [name]: message },
    { [name]: { code: 'rest_not_in_enum', message, data: null } },
  )
}

/** A value that is not of the argument's declared type; reported inside `invalidParams`' details. */
export const invalidType = (name: string, type: string): RestError =>
  new RestError('rest_invalid_type', `${name} is not of type ${type}.`, 400, {
    data: { param: name },
  })

export const missingParams = (names: string[]): RestError =>
  new RestError('rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, 400, {
    params: names,
  })

export const noRoute = (): RestError =>
  new RestError('rest_no_route', 'No route was found matching the URL and request method.', 404)

/** `reason`: `json_decode`'s, shown as WordPress shows it (`dispatch/jsonDecodeError.ts`). */
export const invalidJson = (reason?: { code: number; message: string }): RestError =>
  new RestError(
    'rest_invalid_json',
    'Invalid JSON body passed.',
    400,
    reason ? { json_error_code: reason.code, json_error_message: reason.message } : {},
  )

export const incorrectPassword = (): RestError =>
  new RestError(
    'incorrect_password',
    'The provided password is an invalid application password.',
    401,
  )

/**
 * A nonce that is not the caller's: WordPress's cookie check (`rest_cookie_check_errors`) refuses
 * it unless other credentials than the session cookie signed the caller in.
 */
export const invalidNonce = (): RestError =>
  new RestError('rest_cookie_invalid_nonce', 'Cookie check failed', 403)

/** 401 for anonymous callers, 403 for signed-in ones, as `rest_authorization_required_code` decides. */
export const forbidden = (signedIn: boolean): RestError =>
  new RestError('rest_forbidden', 'Sorry, you are not allowed to do that.', signedIn ? 403 : 401)

/** Too many wrong passwords: this one was not even checked; try again after the wait. */
export const tooManySignInAttempts = (retryAfterMs: number): RestError =>
  new RestError(
    'too_many_sign_in_attempts',
    'Too many sign-in attempts. Please wait before trying again.',
    429,
    {},
    {},
    {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
    },
  )

/** The database cannot be reached: nothing the caller did wrong, worth retrying shortly. */
export const databaseUnavailable = (retryAfterSeconds: number): RestError =>
  new RestError(
    'database_unavailable',
    'The site cannot reach its database right now. Please try again shortly.',
    503,
    {},
    {},
    {
      'Retry-After': String(retryAfterSeconds),
    },
  )

/** A heavy list read found no turn (`endpoints/events/heavyLists.ts`): worth retrying shortly. */
export const heavyReadsBusy = (): RestError =>
  new RestError(
    'rest_heavy_reads_busy',
    'The server is answering other large reads. Please try again shortly, or ask for an earlier page.',
    503,
    {},
    {},
    { 'Retry-After': '1' },
  )

export const internalError = (): RestError =>
  new RestError('rest_internal_error', 'The server could not complete the request.', 500)

/** A write that waited its longest for another write of the same item (`src/lib/locks.ts`). */
export const itemBusy = (message: string, status: number): RestError =>
  new RestError('rest_item_busy', message, status)

export const requestTooLarge = (): RestError =>
  new RestError('rest_request_too_large', 'The request body is too large.', 413)

export const unreadableBody = (): RestError =>
  new RestError('rest_invalid_body', 'The request body could not be read.', 400)

/** The `ticketed` rule's refusal; `details` shows its WP_Error's data, `{status: 400}`. */
export const ticketsNotActive = (): RestError =>
  new RestError('event-tickets-not-active', 'Event Tickets plugin is not activated.', 400, {
    data: { status: 400 },
  })

/*
 * The errors of the resources, in the original's words (`Tribe__Events__REST__V1__Messages`):
 * `word` is the resource's singular (`event`, `venue`, `organizer`), which the codes and
 * messages are built from.
 */

export const archivePageNotFound = (word: string): RestError =>
  new RestError(
    `${word}-archive-page-not-found`,
    `The requested ${word} archive page does not exist`,
    404,
  )

export const notAccessible = (word: string): RestError =>
  new RestError(`${word}-not-accessible`, `The requested ${word} is not accessible`, 403)

export const alreadyTrashed = (word: string): RestError =>
  new RestError(`${word}-is-in-trash`, `The ${word} is already trashed`, 410)

export const couldNotCreate = (word: string): RestError =>
  new RestError(
    `could-not-create-${word}`,
    `The ${word} could not be created from the provided data`,
    400,
  )

export const eventNoLongerAvailable = (): RestError =>
  new RestError('event-no-longer-available', 'This event is no longer available', 403)

export const eventPasswordProtected = (): RestError =>
  new RestError(
    'event-password-protected',
    'The requested event is not accessible without a password',
    403,
  )

/** The id is a venue's or an organizer's, not an event's. */
export const notAnEventId = (): RestError =>
  new RestError('rest-invalid-event-id', 'The specified ID is not a valid event.', 400)

export const eventNotFound = (id: number): RestError =>
  new RestError('rest-event-not-found', `Event with ID ${id} does not exist.`, 404)

/** WordPress's `term_exists`, which repeats the id in `additional_data` once per data payload it merged. */
export const termExists = (message: string, id: number): RestError =>
  new RestError('term_exists', message, 400, { term_id: id }, { additional_data: [id, id] })
