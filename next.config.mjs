import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Types are checked once, by `npm run typecheck` (CI runs it before the tests), not again by
  // every admin build that `npm start` makes: a build is for serving, and a type error in a
  // script or test must not stop the server from starting.
  typescript: { ignoreBuildErrors: true, tsconfigPath: './tsconfig.json' },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
