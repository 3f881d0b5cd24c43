import { withPayload } from '@payloadcms/next/withPayload'

/**
 * Sent with every page and API answer Next.js serves (the admin panel, Payload's REST and GraphQL):
 * the admin cannot be framed by another site (clickjacking), browsers do not guess content types,
 * and other sites are not told which admin page a link was followed from.
 */
const SECURITY_HEADERS = [
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
  { key: 'Content-Security-Policy', value: "frame-ancestors 'self'" },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
]

const PLUGIN_SOURCES = {
  'payload-events-calendar/client': './src/exports/client.ts',
  'payload-events-calendar/rsc': './src/exports/rsc.ts',
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Types are checked once, by `npm run typecheck` (CI runs it before the tests), not again by
  // every admin build that `npm start` makes: a build is for serving, and a type error in a
  // script or test must not stop the server from starting.
  typescript: { ignoreBuildErrors: true, tsconfigPath: './tsconfig.json' },
  // Which software serves the site is nobody's business (Payload would add "Next.js, Payload").
  poweredByHeader: false,
  // The admin's import map names the plugin's components by package (`payload-events-calendar/client`,
  // as any host's does). The package's exports point at its build (`dist/`, made by
  // `npm run build:package`); this app is the plugin's own checkout and uses its sources instead.
  turbopack: { resolveAlias: PLUGIN_SOURCES },
  headers: async () => [{ source: '/:path*', headers: SECURITY_HEADERS }],
  // No image optimizer: nothing uses `next/image` (the admin shows Payload's own image sizes), and
  // `/_next/image` would resize any public upload, however large, at any of its widths, for anyone.
  // The Express front refuses it too (`src/server/nextPaths.ts`).
  images: { unoptimized: true },
  // Turbopack keeps a cache of the build on disk, which makes the next build after a change of the
  // sources faster. A CI run builds once from a fresh clone and never reads it: writing it there
  // only adds time. So do the server's source maps (and reading the packages' own), which only
  // turn a server error's stack into source lines: a CI run's build serves its tests, whose
  // failures name the test's line. For the same reason its server code is not minified: that
  // only shrinks files the server reads from its own disk, and costs about a quarter of the
  // build's CPU; the browser's code is minified as in any build.
  experimental: {
    turbopackFileSystemCacheForBuild: !process.env.CI,
    turbopackInputSourceMaps: !process.env.CI,
    turbopackMinify: { client: true, server: !process.env.CI },
    turbopackSourceMaps: !process.env.CI,
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
