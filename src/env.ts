import path from 'node:path'
import { z } from 'zod'

import { isValidTimeZone } from './lib/timezone'

/**
 * The runnable app's settings, read once from the environment. The names are part of the
 * product's contract (scripts and the README rely on them), so they are validated here and a
 * bad value stops the process with a message instead of failing later in an obscure place.
 */
const envSchema = z.object({
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
    .regex(/^(true|false|\d+|[^,\s]+(\s*,\s*[^,\s]+)*)$/, 'must be true, false, a hop count, or a comma-separated list of proxy addresses/CIDRs')
    .default('false'),
})

export type AppEnv = {
  adminEmail?: string
  adminPassword?: string
  databaseUrl?: string
  dataDir: string
  port: number
  secret: string
  secretIsDefault: boolean
  siteTimezone: string
  siteUrl: string
  /** Which proxies' `X-Forwarded-For` to believe, as Express's `trust proxy` setting takes it. */
  trustProxy: TrustProxy
}

/** `false` (the socket's address is the client's), `true` (every proxy), a hop count, or proxy addresses/CIDRs. */
export type TrustProxy = boolean | number | string[]

const DEVELOPMENT_SECRET = 'payload-events-calendar-development-secret-change-me'

export class EnvError extends Error {}

export function readEnv(source: NodeJS.ProcessEnv = process.env): AppEnv {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new EnvError(`Invalid configuration in the environment:\n${problems.join('\n')}`)
  }
  const env = parsed.data
  return {
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    port: env.PORT,
    secret: env.PAYLOAD_SECRET ?? DEVELOPMENT_SECRET,
    secretIsDefault: !env.PAYLOAD_SECRET,
    siteTimezone: env.SITE_TIMEZONE,
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  }
}

function parseTrustProxy(value: string): TrustProxy {
  if (value === 'true') return true
  if (value === 'false') return false
  if (/^\d+$/.test(value)) return Number(value)
  return value.split(',').map((item) => item.trim())
}

/**
 * The password guard's policy (`src/auth/passwordGuardPolicy.ts`), tunable for tests and unusual
 * sites. Read by the guard itself: it runs inside Payload (the users collection), which the
 * plugin builds without the app's settings.
 */
const passwordGuardSchema = z.object({
  PASSWORD_GUARD_ACCOUNT_FREE_TRIES: z.coerce.number().int().min(0).default(5),
  PASSWORD_GUARD_ADDRESS_FREE_TRIES: z.coerce.number().int().min(0).default(20),
  PASSWORD_GUARD_FIRST_DELAY_MS: z.coerce.number().int().min(1).default(1_000),
  PASSWORD_GUARD_MAX_DELAY_MS: z.coerce.number().int().min(1).default(60_000),
  PASSWORD_GUARD_MAX_HOLD_MS: z.coerce.number().int().min(0).default(10_000),
  PASSWORD_GUARD_FORGET_AFTER_MS: z.coerce.number().int().min(1).default(60 * 60_000),
})

export type PasswordGuardSettings = {
  accountFreeTries: number
  addressFreeTries: number
  firstDelayMs: number
  forgetAfterMs: number
  maxDelayMs: number
  maxHoldMs: number
}

export function readPasswordGuardSettings(source: NodeJS.ProcessEnv = process.env): PasswordGuardSettings {
  const present = Object.fromEntries(Object.entries(source).filter(([name, value]) => name.startsWith('PASSWORD_GUARD_') && value !== ''))
  const parsed = passwordGuardSchema.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
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
