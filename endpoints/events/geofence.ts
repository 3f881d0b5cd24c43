import type { CollectionSlug } from 'payload'

import type { ArgsContext } from '../context'

import { CALENDAR_SLUGS } from '../../src/slugs'
import { editsInEditContext } from '../unlockProtected'

/** The radius Events Calendar Pro searches around a point by default (its geofence setting). */
export const DEFAULT_RADIUS_KM = 25
const EARTH_RADIUS_KM = 6371

/**
 * Venues within `radiusKm` of a point: a bounding box narrows the candidates in the database,
 * then the great-circle distance decides. Returns their ids (and 0, so an empty answer is a
 * filter that matches nothing rather than no filter). Only venues whose place the reader sees,
 * or moving the point would find where a hidden venue is through the published events linked to
 * it: those they may read, and a password-protected one only for an editor in the edit context,
 * who alone sees it unlocked in an event (`endpoints/unlockProtected.ts`).
 */
export async function venuesNear(
  ctx: ArgsContext,
  lat: number,
  lng: number,
  radiusKm = DEFAULT_RADIUS_KM,
): Promise<number[]> {
  const latDelta = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI)
  const lngDelta = latDelta / Math.max(Math.cos((lat * Math.PI) / 180), 0.01)
  const { docs } = await ctx.payload.find({
    collection: CALENDAR_SLUGS.venues as CollectionSlug,
    depth: 0,
    limit: 0,
    overrideAccess: false,
    pagination: false,
    req: ctx.req,
    select: { latitude: true, longitude: true, password: true } as never,
    where: {
      and: [
        { latitude: { greater_than_equal: lat - latDelta } },
        { latitude: { less_than_equal: lat + latDelta } },
        { longitude: { greater_than_equal: lng - lngDelta } },
        { longitude: { less_than_equal: lng + lngDelta } },
      ],
    },
  })
  const unlocked = editsInEditContext(ctx)
  const near = (docs as { id: number; latitude: number; longitude: number; password?: unknown }[])
    .filter((venue) => unlocked || !venue.password)
    .filter((venue) => distanceKm(lat, lng, venue.latitude, venue.longitude) <= radiusKm)
    .map((venue) => venue.id)
  return [0, ...near]
}

export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = (degrees: number) => (degrees * Math.PI) / 180
  const dLat = toRad(lat2 - lat1)
  const dLng = toRad(lng2 - lng1)
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(a))
}
