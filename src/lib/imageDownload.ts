import type { LookupAddress, LookupOptions } from 'node:dns'

import ipaddr from 'ipaddr.js'
import { lookup } from 'node:dns'
import { lookup as lookupAll } from 'node:dns/promises'
import { Agent, fetch } from 'undici'

/** A file as Payload's `create({ file })` takes it. */
export type DownloadedImage = { data: Buffer; mimetype: string; name: string; size: number }

/** What a download other than an image's accepts, and what it calls the things it downloads. */
export type DownloadKind = {
  /** True for a content type (without parameters) this download takes. */
  accepts: (contentType: string) => boolean
  /** In the plural, for messages: "images", "calendars". */
  plural: string
  /** With its article, for messages: "an image", "a calendar". */
  singular: string
}

const IMAGE: DownloadKind = {
  accepts: (type) => type.startsWith('image/'),
  plural: 'images',
  singular: 'an image',
}

export type ImageDownloadOptions = {
  maxBytes: number
  timeoutMs: number
  /**
   * Any address and port may be asked (the operator's own import, from a source they chose), or
   * only what WordPress's safe requests allow (`wp_http_validate_url`): ports 80, 443 and 8080 on
   * hosts that resolve to public addresses; `trustedHosts` are asked at any address and port.
   * Unlike WordPress, the site's own host is no exception: on a private address (`localhost`,
   * `127.1`, `0x7f.1`…) it would let any author reach the server's own services; it is asked
   * only when it is public, or listed in `trustedHosts`.
   */
  anyAddress?: boolean
  trustedHosts?: readonly string[]
  /** The site's own address: its host, where public, may also be asked on the site's own port. */
  siteUrl?: string
}

/** Why an image could not be had, in words for a report or a log (never shown to an API caller as is). */
export class ImageDownloadError extends Error {}

const SAFE_PORTS = new Set(['', '80', '443', '8080'])
const MAX_REDIRECTS = 5

/** The address resolves to the public internet: not loopback, private, link-local, multicast, reserved… */
function isPublicAddress(address: string): boolean {
  try {
    const parsed = ipaddr.process(address)
    return parsed.range() === 'unicast'
  } catch {
    return false
  }
}

/**
 * Checked when the connection is made, on the address actually connected to, so a name that
 * resolves to a public address when checked and a private one when used (DNS rebinding) is refused.
 */
/**
 * Every address `hostname` stands for is public, or the download is refused: checked before the
 * port, so that a private host is refused after the same work whatever port is asked (no timing
 * tells which ports answer there). An address written as such (`127.1` and `0x7f.1` read as
 * 127.0.0.1 already) is checked as it is.
 */
async function assertPublicHost(hostname: string): Promise<void> {
  const literal = hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  if (ipaddr.isValid(literal)) addresses = [literal]
  else {
    try {
      addresses = (await lookupAll(literal, { all: true })).map((entry) => entry.address)
    } catch {
      throw new ImageDownloadError(`${hostname} could not be resolved`)
    }
  }
  if (!addresses.length || addresses.some((address) => !isPublicAddress(address)))
    throw new ImageDownloadError(`${hostname} is a private or internal address`)
}

function publicLookup(
  hostname: string,
  options: LookupOptions,
  callback: (error: Error | null, address: LookupAddress[] | string, family?: number) => void,
) {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, [])
    const refused = addresses.find((entry) => !isPublicAddress(entry.address))
    if (refused)
      return callback(
        new ImageDownloadError(`${hostname} resolves to a private or internal address`),
        [],
      )
    if (options.all) return callback(null, addresses)
    return callback(null, addresses[0]!.address, addresses[0]!.family)
  })
}

const publicOnly = new Agent({ connect: { lookup: publicLookup as never } })
const anywhere = new Agent()

export type TargetRule = Pick<ImageDownloadOptions, 'anyAddress' | 'siteUrl' | 'trustedHosts'>

/**
 * Whether the server may send a request to `url` under `rule` (see `ImageDownloadOptions`), and
 * the dispatcher to send it with: one that checks again, on the address connected to, that it is
 * public (a name may resolve otherwise by then). Also the rule of the webhooks' targets.
 */
export async function checkedTarget(url: URL, rule: TargetRule): Promise<{ dispatcher: Agent }> {
  const site = rule.siteUrl ? new URL(rule.siteUrl) : undefined
  const trusted = rule.anyAddress || (rule.trustedHosts ?? []).includes(url.hostname)
  if (!trusted) {
    await assertPublicHost(url.hostname)
    if (!SAFE_PORTS.has(url.port) && !(site?.hostname === url.hostname && url.port === site.port))
      throw new ImageDownloadError(`port ${url.port} is not one the server sends requests to`)
  }
  return { dispatcher: trusted ? anywhere : publicOnly }
}

/**
 * Downloads an image: an image content type, at most `maxBytes` (refused as soon as it is
 * exceeded, never read whole first), within `timeoutMs`; redirects followed and each hop checked.
 */
export const downloadImage = (
  address: string,
  options: ImageDownloadOptions,
): Promise<DownloadedImage> => downloadFile(address, options, IMAGE)

/**
 * Downloads a file of `kind` under the same rules as an image (the address check, the size and
 * time bounds, the redirects): the calendar sources' feeds (src/icsImport/) are fetched so.
 */
export async function downloadFile(
  address: string,
  options: ImageDownloadOptions,
  kind: DownloadKind,
): Promise<DownloadedImage> {
  const signal = AbortSignal.timeout(options.timeoutMs)
  let url = parseWebAddress(address)
  for (let hop = 0; ; hop++) {
    const { dispatcher } = await checkedTarget(url, options)
    let response: Awaited<ReturnType<typeof fetch>>
    try {
      // Checked again on the address connected to (a name may resolve otherwise by then).
      response = await fetch(url, { dispatcher, redirect: 'manual', signal })
    } catch (error) {
      throw new ImageDownloadError(reasonOf(error))
    }
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel()
      if (hop >= MAX_REDIRECTS) throw new ImageDownloadError('too many redirects')
      url = parseWebAddress(new URL(location, url).toString())
      continue
    }
    if (!response.ok) {
      await response.body?.cancel()
      throw new ImageDownloadError(`HTTP ${response.status}`)
    }
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim()
    if (!kind.accepts(type)) {
      await response.body?.cancel()
      throw new ImageDownloadError(`not ${kind.singular} (${type || 'no content type'})`)
    }
    const data = await readAtMost(response, options.maxBytes, signal)
    const name = decodeURIComponent(url.pathname.split('/').pop() || '') || 'image'
    return { data, mimetype: type, name, size: data.length }
  }
}

export function parseWebAddress(address: string): URL {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    throw new ImageDownloadError('not a URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ImageDownloadError(`${url.protocol} addresses are not downloaded`)
  if (url.username || url.password)
    throw new ImageDownloadError('addresses with credentials are not downloaded')
  return url
}

async function readAtMost(
  response: Awaited<ReturnType<typeof fetch>>,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Buffer> {
  const tooLarge = () =>
    new ImageDownloadError(`larger than ${Math.round(maxBytes / 1024 / 1024)} MB`)
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel()
    throw tooLarge()
  }
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.length
      if (size > maxBytes) throw tooLarge()
      chunks.push(Buffer.from(chunk))
    }
  } catch (error) {
    await response.body?.cancel().catch(() => undefined)
    if (error instanceof ImageDownloadError) throw error
    throw new ImageDownloadError(signal.aborted ? 'timed out' : reasonOf(error))
  }
  return Buffer.concat(chunks)
}

/** What went wrong, from undici's wrapped errors (the cause says it: refused, not found, timed out). */
export function reasonOf(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause ?? error
  if (cause instanceof ImageDownloadError) return cause.message
  if ((error as Error)?.name === 'TimeoutError' || (cause as Error)?.name === 'TimeoutError')
    return 'timed out'
  const code = (cause as { code?: string })?.code
  return code ? `network error (${code})` : ((cause as Error)?.message ?? 'network error')
}
