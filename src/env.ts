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
}

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
  }
}
