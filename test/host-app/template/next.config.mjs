import { withPayload } from '@payloadcms/next/withPayload'
import { withEventsCalendar } from 'payload-events-calendar/next-config'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Not the host's concern, the test's: this app is built once and thrown away, so Turbopack's
  // on-disk cache of the build (on by default, some 200 MB) would be written and never read.
  experimental: { turbopackFileSystemCacheForBuild: false },
}

export default withPayload(withEventsCalendar(nextConfig, { languages: ['en', 'fr', 'es'] }))
