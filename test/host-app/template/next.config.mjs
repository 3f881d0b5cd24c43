import { withPayload } from '@payloadcms/next/withPayload'
import { withEventsCalendar } from 'payload-events-calendar/next-config'

/** @type {import('next').NextConfig} */
const nextConfig = {}

export default withPayload(withEventsCalendar(nextConfig, { languages: ['en', 'fr', 'es'] }))
