/**
 * Where the admin panel finds the plugin's components: Payload resolves these through the import
 * map, by package name, as it does for the official plugins' `/client` and `/rsc` entries.
 */
const PACKAGE = 'payload-events-calendar'

/** A component that runs in the browser (`'use client'`), exported from `src/exports/client.ts`. */
export const clientComponent = (name: string): string => `${PACKAGE}/client#${name}`

/** A React Server Component, exported from `src/exports/rsc.ts`. */
export const serverComponent = (name: string): string => `${PACKAGE}/rsc#${name}`
