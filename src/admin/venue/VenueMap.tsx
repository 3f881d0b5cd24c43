'use client'

import type { LeafletMouseEvent, Map as LeafletMap, Marker } from 'leaflet'

import {
  Button,
  useConfig,
  useDocumentInfo,
  useField,
  useForm,
  useFormFields,
  useTranslation,
} from '@payloadcms/ui'
import { useEffect, useRef, useState } from 'react'

import type { SanitizedPluginConfig } from '../../types'

import { GEOCODE_PATH, venueWords } from './venueWords'

type Props = {
  /** Whether the site has a geocoder ("Find on map"). */
  geocoding: boolean
  /** The tile server, or null: no map, and no request to any tile server. */
  tiles: SanitizedPluginConfig['mapTiles']
}

type Coordinates = { latitude: number; longitude: number }

/** About a street's width on the screen: close enough to check the place, far enough to see around it. */
const PLACE_ZOOM = 16

/** Six decimals place a point within about ten centimetres: more is noise from the pointer. */
const rounded = (value: number) => Math.round(value * 1e6) / 1e6

const ADDRESS_FIELDS = ['address', 'city', 'zip', 'stateProvince', 'country'] as const

const STYLES = `
.venue-map { margin-bottom: var(--spacing-field); }
.venue-map__canvas { height: 320px; border: 1px solid var(--theme-elevation-150); border-radius: var(--style-radius-s); z-index: 0; }
.venue-map__marker { box-sizing: border-box; border-radius: 50%; background: var(--theme-error-500, #d33); border: 3px solid #fff; box-shadow: 0 0 0 1px rgba(0,0,0,.4); cursor: grab; }
.venue-map__actions { display: flex; align-items: center; gap: var(--base); flex-wrap: wrap; }
.venue-map__actions .btn { margin: calc(var(--base) / 2) 0; white-space: nowrap; }
.venue-map__note { color: var(--theme-elevation-650); margin: calc(var(--base) / 2) 0; }
`

/**
 * The venue's place on a map under its coordinates: the marker stands at the latitude and
 * longitude and sets them when dragged (a click on the map puts it there). "Find on map" asks the
 * site's geocoder for the address's coordinates (`POST /api/{venues}/geocode`). Leaflet is loaded
 * only here, and only when the site has a tile server.
 */
export function VenueMap({ geocoding, tiles }: Props) {
  const { i18n } = useTranslation()
  const words = venueWords(i18n.language)
  const { config } = useConfig()
  const { collectionSlug } = useDocumentInfo()
  const latitude = useField<null | number>({ path: 'latitude' })
  const longitude = useField<null | number>({ path: 'longitude' })
  const notice = useFormFields(([fields]) => fields.geocodingNotice?.value) as null | string
  const { getDataByPath } = useForm()
  const [message, setMessage] = useState<string>()
  const [busy, setBusy] = useState(false)

  const place: Coordinates | null =
    typeof latitude.value === 'number' && typeof longitude.value === 'number'
      ? { latitude: latitude.value, longitude: longitude.value }
      : null
  const setPlace = ({ latitude: lat, longitude: lng }: Coordinates) => {
    latitude.setValue(rounded(lat))
    longitude.setValue(rounded(lng))
  }
  // The map's handlers outlive renders: they reach the newest setter through this.
  const setPlaceRef = useRef(setPlace)
  setPlaceRef.current = setPlace

  const canvas = useRef<HTMLDivElement>(null)
  const map = useRef<{ leaflet: typeof import('leaflet'); map: LeafletMap; marker?: Marker }>(null)
  const [ready, setReady] = useState(false)

  useEffect(() => {
    if (!tiles || !canvas.current) return
    let live = true
    let made: LeafletMap | undefined
    void Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(([module]) => {
      const leaflet = (module as { default?: typeof import('leaflet') }).default ?? module
      if (!live || !canvas.current) return
      made = leaflet.map(canvas.current, { worldCopyJump: true }).setView([20, 0], 1)
      leaflet
        .tileLayer(tiles.url, {
          attribution: escapeText(tiles.attribution),
          maxZoom: tiles.maxZoom,
        })
        .addTo(made)
      made.on('click', (event: LeafletMouseEvent) =>
        setPlaceRef.current({ latitude: event.latlng.lat, longitude: event.latlng.lng }),
      )
      map.current = { leaflet, map: made }
      setReady(true)
    })
    return () => {
      live = false
      made?.remove()
      map.current = null
    }
  }, [tiles])

  // The marker follows the coordinates, whether typed, found or dragged.
  useEffect(() => {
    const current = map.current
    if (!ready || !current) return
    if (!place) {
      current.marker?.remove()
      current.marker = undefined
      return
    }
    const at: [number, number] = [place.latitude, place.longitude]
    if (!current.marker) {
      current.marker = current.leaflet
        .marker(at, {
          draggable: true,
          icon: current.leaflet.divIcon({ className: 'venue-map__marker', iconSize: [18, 18] }),
          keyboard: true,
        })
        .addTo(current.map)
      current.marker.on('dragend', () => {
        const moved = current.marker!.getLatLng().wrap()
        setPlaceRef.current({ latitude: moved.lat, longitude: moved.lng })
      })
      current.map.setView(at, PLACE_ZOOM)
    } else if (!current.marker.getLatLng().equals(at)) {
      current.marker.setLatLng(at)
      current.map.panTo(at)
    }
  }, [ready, place?.latitude, place?.longitude]) // eslint-disable-line react-hooks/exhaustive-deps

  const findOnMap = async () => {
    setBusy(true)
    setMessage(words.finding)
    try {
      const response = await fetch(
        `${config.serverURL}${config.routes.api}/${collectionSlug}${GEOCODE_PATH}`,
        {
          body: JSON.stringify(
            Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, getDataByPath(name) ?? null])),
          ),
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          method: 'POST',
        },
      )
      const body = (await response.json().catch(() => ({}))) as Partial<Coordinates> & {
        errors?: Array<{ message?: string }>
      }
      if (response.ok && typeof body.latitude === 'number' && typeof body.longitude === 'number') {
        setPlace({ latitude: body.latitude, longitude: body.longitude })
        setMessage(words.found)
      } else setMessage(body.errors?.[0]?.message ?? words.outcome.unavailable)
    } catch {
      setMessage(words.outcome.unavailable)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="venue-map field-type">
      <style>{STYLES}</style>
      {tiles ? (
        <div aria-label={words.dragHint} className="venue-map__canvas" ref={canvas} />
      ) : (
        <p className="venue-map__note venue-map__no-map">{words.noMap}</p>
      )}
      <div className="venue-map__actions">
        {geocoding ? (
          <Button
            buttonStyle="secondary"
            className="venue-map__find"
            disabled={busy}
            onClick={() => void findOnMap()}
            size="small"
          >
            {words.findOnMap}
          </Button>
        ) : null}
        <p aria-live="polite" className="venue-map__note venue-map__message">
          {message ?? notice ?? (place ? (tiles ? words.dragHint : '') : words.notPlaced)}
        </p>
      </div>
    </div>
  )
}

/** Leaflet shows the attribution as HTML; the option is plain text. */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}
