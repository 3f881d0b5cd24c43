import path from 'node:path'
import { z } from 'zod'

import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './db/requestTimeouts'
import type { EventsCalendarPluginConfig } from './types'

import { isValidTimeZone } from './lib/timezone'

/** A comma-separated list of host names or addresses, without scheme, port or path. */
const hostList = z
  .string()
  .regex(
    /^\s*([^,\s/:@]+|\[[0-9a-fA-F:.]+\])(\s*,\s*([^,\s/:@]+|\[[0-9a-fA-F:.]+\]))*\s*$/,
    'must be a comma-separated list of host names or addresses, without scheme, port or path',
  )
  .optional()

/**
 * The runnable app's settings, read once from the environment. The names are part of the
 * product's contract (scripts and the README rely on them), so they are validated here and a
 * bad value stops the process with a message instead of failing later in an obscure place.
 */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    PAYLOAD_SECRET: z.string().min(1).optional(),
    SITE_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
    SITE_TIMEZONE: z
      .string()
      .default('UTC')
      .refine(isValidTimeZone, { message: 'must be an IANA timezone name such as Europe/Paris' }),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(1).optional(),
    TRUST_PROXY: z
      .string()
      .trim()
      .regex(
        /^(true|false|\d+|[^,\s]+(\s*,\s*[^,\s]+)*)$/,
        'must be true, false, a hop count, or a comma-separated list of proxy addresses/CIDRs',
      )
      .default('false'),
    LOG_FORMAT: z.enum(['text', 'json'], { message: 'must be text or json' }).default('text'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    DATABASE_REPLICA_URLS: z
      .string()
      .regex(
        /^\s*postgres(ql)?:\/\/[^,]+(\s*,\s*postgres(ql)?:\/\/[^,]+)*\s*$/,
        'must be a comma-separated list of postgres:// connection URLs',
      )
      .optional(),
    S3_BUCKET: z.string().trim().min(1).optional(),
    S3_ENDPOINT: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('false'),
    CLIENT_CONCURRENCY: z.coerce.number().int().min(0).max(1000).default(8),
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
    IMAGE_HOSTS: hostList,
    WEBHOOK_HOSTS: hostList,
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(DEFAULT_DATABASE_TIMEOUTS.statementMs),
    DATABASE_LOCK_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(DEFAULT_DATABASE_TIMEOUTS.lockMs),
    SKIP_ADMIN_BUILD: z
      .enum(['1', 'true', '0', 'false'], { message: 'must be 1/true or 0/false' })
      .default('0'),
    KEEP_READS: z.enum(['true', 'false'], { message: 'must be true or false' }).default('true'),
    KEEP_ANSWERS: z.enum(['true', 'false'], { message: 'must be true or false' }).default('true'),
    CDN_MAX_AGE: z.coerce.number().int().min(1).max(31_536_000).optional(),
    CDN_STALE_WHILE_REVALIDATE: z.coerce.number().int().min(0).max(31_536_000).default(0),
    CDN_PURGE_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
    GEOCODER_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
    GEOCODER_USER_AGENT: z.string().trim().min(1).max(300).optional(),
    GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5000),
    MAP_TILE_URL: z
      .string()
      .regex(
        /^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/,
        'must be an http(s) URL template with {z}, {x} and {y}',
      )
      .optional(),
    MAP_TILE_ATTRIBUTION: z.string().max(500).default(''),
  })
  .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
    message:
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset to use the platform's credentials)",
    path: ['S3_ACCESS_KEY_ID'],
  })
  .refine((env) => !env.CDN_PURGE_URL || env.CDN_MAX_AGE !== undefined, {
    message: 'CDN_PURGE_URL needs CDN_MAX_AGE (the seconds the CDN may keep an answer)',
    path: ['CDN_PURGE_URL'],
  })

export type AppEnv = {
  adminEmail?: string
  adminPassword?: string
  /** What visitors' reads keep between requests (KEEP_READS, KEEP_ANSWERS): the plugin's `cache` switches. */
  cache: { keepAnswers: boolean; keepReads: boolean }
  /** A shared cache in front (CDN_MAX_AGE, CDN_STALE_WHILE_REVALIDATE, CDN_PURGE_URL): the plugin's `cdn` option. */
  cdn?: { maxAge: number; purgeUrl?: string; staleWhileRevalidate: number }
  databaseUrl?: string
  /** Read-only replicas of DATABASE_URL that Payload may send reads to (DATABASE_REPLICA_URLS). */
  databaseReplicaUrls: string[]
  /** Bounds of each statement and lock wait of the server's requests (DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_LOCK_TIMEOUT_MS). */
  databaseTimeouts: DatabaseTimeouts
  dataDir: string
  /** Requests of one client answered at once; the rest wait their turn (CLIENT_CONCURRENCY, 0: no limit). */
  clientConcurrency: number
  /** Worker processes `npm start` serves with (WEB_CONCURRENCY); unset: one per core (`src/server/start.ts`). */
  webConcurrency?: number
  /** Hosts on the site's own network that images given by URL may be downloaded from (IMAGE_HOSTS). */
  imageHosts: string[]
  /** Hosts on the site's own network that webhooks may target (WEBHOOK_HOSTS). */
  webhookHosts: string[]
  /** The venues' geocoder (GEOCODER_URL, GEOCODER_USER_AGENT, GEOCODER_TIMEOUT_MS): the plugin's `geocoding` option. */
  geocoding?: { timeoutMs: number; url: string; userAgent?: string }
  /** The venue map's tiles (MAP_TILE_URL, MAP_TILE_ATTRIBUTION): the plugin's `mapTiles` option. */
  mapTiles?: { attribution: string; url: string }
  /** `text` (readable, the default) or `json` (one JSON object a line, for log collectors). */
  logFormat: 'json' | 'text'
  logLevel: LogLevel
  /** Uploaded files go to this S3-compatible bucket when set, to `DATA_DIR/media` otherwise. */
  s3?: S3Settings
  /** Never build the admin panel at start: the deploy built it (`npm run build`). */
  skipAdminBuild: boolean
  port: number
  secret: string
  secretIsDefault: boolean
  siteTimezone: string
  siteUrl: string
  /**
   * Origins whose signed-in browsers may write (Payload's `csrf`): the site's own; without SITE_URL,
   * this machine under each of its loopback names, so an editor who opens http://127.0.0.1:PORT/admin
   * can save as one who opens http://localhost:PORT/admin can.
   */
  signedInOrigins: string[]
  /** Which proxies' `X-Forwarded-For` to believe, as Express's `trust proxy` setting takes it. */
  trustProxy: TrustProxy
}

export type LogLevel = 'debug' | 'error' | 'fatal' | 'info' | 'silent' | 'trace' | 'warn'

export type S3Settings = {
  accessKeyId?: string
  bucket: string
  endpoint?: string
  forcePathStyle: boolean
  region: string
  secretAccessKey?: string
}

/** `false` (the socket's address is the client's), `true` (every proxy), a hop count, or proxy addresses/CIDRs. */
export type TrustProxy = boolean | number | string[]

const DEVELOPMENT_SECRET = 'payload-events-calendar-development-secret-change-me'

export class EnvError extends Error {}

export function readEnv(source: NodeJS.ProcessEnv = process.env): AppEnv {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    )
    throw new EnvError(`Invalid configuration in the environment:\n${problems.join('\n')}`)
  }
  const env = parsed.data
  return {
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    cache: { keepAnswers: env.KEEP_ANSWERS === 'true', keepReads: env.KEEP_READS === 'true' },
    cdn:
      env.CDN_MAX_AGE === undefined
        ? undefined
        : {
            maxAge: env.CDN_MAX_AGE,
            purgeUrl: env.CDN_PURGE_URL,
            staleWhileRevalidate: env.CDN_STALE_WHILE_REVALIDATE,
          },
    databaseUrl: env.DATABASE_URL,
    databaseReplicaUrls: env.DATABASE_REPLICA_URLS?.split(',').map((url) => url.trim()) ?? [],
    databaseTimeouts: {
      lockMs: env.DATABASE_LOCK_TIMEOUT_MS,
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    dataDir: path.resolve(env.DATA_DIR),
    clientConcurrency: env.CLIENT_CONCURRENCY,
    webConcurrency: env.WEB_CONCURRENCY,
    imageHosts: env.IMAGE_HOSTS?.split(',').map((host) => host.trim()) ?? [],
    webhookHosts: env.WEBHOOK_HOSTS?.split(',').map((host) => host.trim()) ?? [],
    geocoding: env.GEOCODER_URL
      ? {
          timeoutMs: env.GEOCODER_TIMEOUT_MS,
          url: env.GEOCODER_URL,
          userAgent: env.GEOCODER_USER_AGENT,
        }
      : undefined,
    mapTiles: env.MAP_TILE_URL
      ? { attribution: env.MAP_TILE_ATTRIBUTION, url: env.MAP_TILE_URL }
      : undefined,
    logFormat: env.LOG_FORMAT,
    logLevel: env.LOG_LEVEL,
    s3: env.S3_BUCKET
      ? {
          accessKeyId: env.S3_ACCESS_KEY_ID,
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
          region: env.S3_REGION,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    skipAdminBuild: env.SKIP_ADMIN_BUILD === '1' || env.SKIP_ADMIN_BUILD === 'true',
    port: env.PORT,
    secret: env.PAYLOAD_SECRET ?? DEVELOPMENT_SECRET,
    secretIsDefault: !env.PAYLOAD_SECRET,
    siteTimezone: env.SITE_TIMEZONE,
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    signedInOrigins: env.SITE_URL
      ? [new URL(env.SITE_URL).origin]
      : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${env.PORT}`),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  }
}

/**
 * The development secret is in this repository for anyone to read: a server using it in production
 * would let anyone who learns a session id sign a token for it. `npm start` with NODE_ENV=production
 * therefore refuses to start without PAYLOAD_SECRET (without NODE_ENV it warns and starts, so a
 * first try on a laptop needs no settings).
 */
export function refuseDevelopmentSecretInProduction(
  env: Pick<AppEnv, 'secretIsDefault'>,
  nodeEnv: string | undefined,
): void {
  if (!env.secretIsDefault || nodeEnv !== 'production') return
  throw new EnvError(
    'PAYLOAD_SECRET is not set, and NODE_ENV is production: the built-in development secret is public, so the server will not start with it. ' +
      'Set PAYLOAD_SECRET to a long random value (for example `openssl rand -hex 32`), the same on every instance.',
  )
}

function parseTrustProxy(value: string): TrustProxy {
  if (value === 'true') return true
  if (value === 'false') return false
  if (/^\d+$/.test(value)) return Number(value)
  return value.split(',').map((item) => item.trim())
}

/**
 * The password guard's numbers (the plugin's `passwordGuard` option, mapped in payload.config.ts),
 * tunable for tests and unusual sites; the plugin gives the defaults of those not set.
 */
const passwordGuardSchema = z.object({
  PASSWORD_GUARD_ACCOUNT_FREE_TRIES: z.coerce.number().int().min(0).optional(),
  PASSWORD_GUARD_ADDRESS_FREE_TRIES: z.coerce.number().int().min(0).optional(),
  PASSWORD_GUARD_FIRST_DELAY_MS: z.coerce.number().int().min(1).optional(),
  PASSWORD_GUARD_MAX_DELAY_MS: z.coerce.number().int().min(1).optional(),
  PASSWORD_GUARD_MAX_HOLD_MS: z.coerce.number().int().min(0).optional(),
  PASSWORD_GUARD_FORGET_AFTER_MS: z.coerce.number().int().min(1).optional(),
})

export type PasswordGuardSettings = NonNullable<EventsCalendarPluginConfig['passwordGuard']>

export function readPasswordGuardSettings(
  source: NodeJS.ProcessEnv = process.env,
): PasswordGuardSettings {
  const present = Object.fromEntries(
    Object.entries(source).filter(
      ([name, value]) => name.startsWith('PASSWORD_GUARD_') && value !== '',
    ),
  )
  const parsed = passwordGuardSchema.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    )
    throw new EnvError(`Invalid configuration in the environment:\n${problems.join('\n')}`)
  }
  const env = parsed.data
  return {
    accountFreeTries: env.PASSWORD_GUARD_ACCOUNT_FREE_TRIES,
    addressFreeTries: env.PASSWORD_GUARD_ADDRESS_FREE_TRIES,
    firstDelayMs: env.PASSWORD_GUARD_FIRST_DELAY_MS,
    forgetAfterMs: env.PASSWORD_GUARD_FORGET_AFTER_MS,
    maxDelayMs: env.PASSWORD_GUARD_MAX_DELAY_MS,
    maxHoldMs: env.PASSWORD_GUARD_MAX_HOLD_MS,
  }
}
