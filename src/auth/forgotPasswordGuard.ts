import type {
  Collection,
  CollectionBeforeOperationHook,
  Endpoint,
  PayloadHandler,
  PayloadRequest,
  SanitizedCollectionConfig,
} from 'payload'

import { createHash } from 'node:crypto'

import {
  addDataAndFileToRequest,
  APIError,
  forgotPasswordOperation,
  headersWithCors,
} from 'payload'

import { readClientAddress } from './clientAddress'
import { databaseUnavailableOr, setRetryAfter } from './loginGuardHooks'
import { storeOf } from './passwordGuard'
import type { GuardPolicy, KeyPolicy } from './passwordGuardPolicy'
import type { GuardKey } from './passwordGuardStore'

/**
 * How often "forgot password" may send a reset message. Payload spaces one account's requests by
 * 15 s, which still lets anyone make the site mail one person four times a minute, or anybody at
 * the sender's pace. On top of it, requests are counted in the password guard's store (shared by
 * every instance) per address named, known or not (so that both look alike), per client address,
 * and for the whole site; past a key's free requests each further one must come its delay after
 * the previous, else it is refused at once with 429 and `Retry-After` (nothing is held open).
 */
export const FORGOT_PASSWORD_POLICY: {
  address: KeyPolicy
  login: KeyPolicy
  site: KeyPolicy
} = {
  // One person's mailbox: 3 at once, then 1 min, 2 min, 4 min… up to one an hour, for a day.
  login: {
    firstDelayMs: 60_000,
    forgetAfterMs: 24 * 60 * 60_000,
    freeTries: 3,
    maxDelayMs: 60 * 60_000,
  },
  // One client: 10 at once, then 10 s doubling up to 10 min, forgotten after an idle hour.
  address: {
    firstDelayMs: 10_000,
    forgetAfterMs: 60 * 60_000,
    freeTries: 10,
    maxDelayMs: 10 * 60_000,
  },
  // The site: 50 at once, then one a second at most, forgotten after an idle 10 minutes.
  site: { firstDelayMs: 1_000, forgetAfterMs: 10 * 60_000, freeTries: 50, maxDelayMs: 1_000 },
}

/** A refused request is answered at once: no request waits for its turn. */
const REFUSE_ANY_WAIT: Pick<GuardPolicy, 'maxHoldMs'> = { maxHoldMs: 0 }

/** Set on a request whose forgot-password was already counted (`answerForgotPassword`). */
const COUNTED = 'eventsCalendarForgotPasswordCounted'

type ResetData = { email?: string; username?: string }

/**
 * Counts one forgot-password request, or refuses it (429) when any of its keys has no turn now.
 * The address named is hashed: the guard's table holds no e-mail addresses.
 */
async function countForgotPassword(
  req: PayloadRequest,
  collection: string,
  data: ResetData,
): Promise<void> {
  const named = (data.username || data.email || '').trim().toLowerCase()
  const address = readClientAddress(req.headers, req.payload.secret)
  const keys: GuardKey[] = [
    { key: `forgot:site:${collection}`, policy: FORGOT_PASSWORD_POLICY.site },
    {
      key: `forgot:login:${collection}:${createHash('sha256').update(named).digest('base64url')}`,
      policy: FORGOT_PASSWORD_POLICY.login,
    },
  ]
  if (address)
    keys.push({ key: `forgot:address:${address}`, policy: FORGOT_PASSWORD_POLICY.address })
  let admission
  try {
    admission = await storeOf(req.payload).admit(keys, REFUSE_ANY_WAIT as GuardPolicy)
  } catch (error) {
    throw databaseUnavailableOr(req, error)
  }
  if (admission.admitted) return
  setRetryAfter(req, admission.retryAfterMs)
  throw new APIError(
    'Too many password reset requests. Please wait before trying again.',
    429,
    null,
    true,
  )
}

/** What Payload's own handler reads from the body (`payload/dist/auth/endpoints/forgotPassword.js`). */
function resetDataOf(collection: SanitizedCollectionConfig, body: unknown): ResetData {
  const given = (body ?? {}) as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return collection.auth?.loginWithUsername
    ? { email: text(given.email), username: text(given.username) }
    : { email: text(given.email) }
}

/**
 * Asks for a reset message as Payload's forgot-password does, answering before the message is sent:
 * Payload's operation finds the account, stores its token and waits for the mail server only
 * when the address is known, so answering after it would tell known addresses from unknown ones
 * by the time taken; it runs after the answer instead, its failures logged. The request is
 * counted first. One Payload refuses outright (no address named, sign-in by password turned off)
 * still gets Payload's own refusal.
 */
async function requestPasswordReset(
  req: PayloadRequest,
  slug: string,
  given: unknown,
): Promise<void> {
  const collection = (req.payload.collections as Record<string, Collection>)[slug]!
  const data = resetDataOf(collection.config, given)
  const refusedOutright =
    collection.config.auth?.disableLocalStrategy || !(data.email?.trim() || data.username?.trim())
  if (!refusedOutright) {
    await countForgotPassword(req, slug, data)
    req.context[COUNTED] = true
  }
  const operation = forgotPasswordOperation({ collection, data, req } as never)
  if (refusedOutright) await operation
  else
    operation.catch((error: unknown) =>
      req.payload.logger.error({ err: error, msg: 'A password reset request failed' }),
    )
}

/** `POST /api/{users}/forgot-password`, in place of Payload's handler: the same answer, given before the message is sent. */
const answerForgotPassword =
  (slug: string): PayloadHandler =>
  async (req) => {
    await addDataAndFileToRequest(req)
    await requestPasswordReset(req, slug, req.data)
    return Response.json(
      { message: req.t('general:success') },
      { headers: headersWithCors({ headers: new Headers(), req }), status: 200 },
    )
  }

type MutationField = { resolve?: unknown }
type SchemaSoFar = {
  collections?: Record<string, { graphQL?: { type?: { name?: string } } }>
  Mutation?: { fields?: Record<string, MutationField> }
}

/**
 * GraphQL's `forgotPassword…` mutation of the users collection `slug`, answered as the REST
 * endpoint is: counted, and `true` before the message is sent. Payload's own field (its
 * arguments and type) is kept, with this resolver; a Payload that names it otherwise keeps its own.
 */
export function forgotPasswordMutation(schema: SchemaSoFar, slug: string): Record<string, object> {
  const typeName = schema.collections?.[slug]?.graphQL?.type?.name
  const name = `forgotPassword${typeName}`
  const field = typeName ? schema.Mutation?.fields?.[name] : undefined
  if (!field) return {}
  return {
    [name]: {
      ...field,
      resolve: async (
        _source: unknown,
        args: { email?: unknown; username?: unknown },
        context: { req: PayloadRequest },
      ) => {
        await requestPasswordReset(context.req, slug, args)
        return true
      },
    },
  }
}

export const forgotPasswordEndpoint = (slug: string): Endpoint => ({
  handler: answerForgotPassword(slug),
  method: 'post',
  path: '/forgot-password',
})

/**
 * The same count on any other way to ask that reaches Payload's operation (a host's own endpoint,
 * say); the REST endpoint and GraphQL's mutation count before it. Payload's Local API (scripts,
 * the host's own code) is not counted.
 */
export const guardForgotPassword: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  req,
}) => {
  if (operation !== 'forgotPassword' || req.payloadAPI === 'local' || req.context[COUNTED])
    return args
  const data = ((args as { data?: ResetData }).data ?? {}) as ResetData
  await countForgotPassword(req, collection.slug, data)
  return args
}
