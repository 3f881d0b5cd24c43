import { downloadFile, type ImageDownloadOptions } from '../lib/imageDownload'

/** Content types feeds are served with: iCalendar's own, and the generic ones many servers send (the text is checked after). */
const FEED_TYPES = new Set([
  'text/calendar',
  'text/plain',
  'application/octet-stream',
  'application/ics',
  'text/x-vcalendar',
  'application/x-ics',
])

/**
 * Fetches a feed under the rules of image downloads (src/lib/imageDownload.ts): outside addresses
 * only unless trusted, the size and time bounded, each redirect checked again and their number
 * bounded. A `webcal://` address is fetched over HTTPS, as calendar apps do.
 */
export async function fetchFeed(address: string, options: ImageDownloadOptions): Promise<string> {
  const url = address.trim().replace(/^webcal:\/\//i, 'https://')
  const file = await downloadFile(url, options, {
    accepts: (type) => type === '' || FEED_TYPES.has(type.toLowerCase()),
    plural: 'calendars',
    singular: 'a calendar',
  })
  return file.data.toString('utf8')
}
