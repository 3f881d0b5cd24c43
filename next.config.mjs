import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The Express server in src/server owns the process, so Next must not emit a standalone server.
  typescript: { tsconfigPath: './tsconfig.json' },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
