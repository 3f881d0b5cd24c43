import { Webhook } from 'standardwebhooks'
import { fetch } from 'undici'

import { checkedTarget, ImageDownloadError, parseWebAddress, reasonOf } from '../lib/imageDownload'

/** The secrets a delivery is signed with: the current one and, for a while after a rotation, the previous one too. */
export type Secrets = { current: string; previous?: null | string }

/** What one try of a delivery gave, for its log. */
export type PostOutcome = {
  durationMs: number
  error?: string
  excerpt?: string
  ok: boolean
  status?: number
}

export type PostBounds = { allowedHosts: string[]; maxResponseBytes: number; timeoutMs: number }

/** The longest response excerpt kept in the log, in characters. */
const EXCERPT_CHARS = 1000

/**
 * The Standard Webhooks headers of one try: its id (the same on every try of a delivery), the
 * time of the try, and one signature per secret (space separated, as the specification allows,
 * so a receiver still holding the previous secret verifies during a rotation).
 */
export function signatureHeaders(
  messageId: string,
  body: string,
  secrets: Secrets,
  now: Date,
): Record<string, string> {
  const signatures = [secrets.current, secrets.previous]
    .filter((secret): secret is string => Boolean(secret))
    .map((secret) => new Webhook(secret).sign(messageId, now, body))
  return {
    'webhook-id': messageId,
    'webhook-signature': signatures.join(' '),
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
  }
}

/**
 * Sends one signed delivery: to a target the rule of outside addresses allows (checked again on
 * the address connected to), without following redirects (a 3xx is a failed try), within
 * `timeoutMs`, reading at most `maxResponseBytes` of the answer. Never throws: the outcome says.
 */
export async function signedPost(
  target: string,
  body: string,
  headers: Record<string, string>,
  bounds: PostBounds,
): Promise<PostOutcome> {
  const started = performance.now()
  const took = () => Math.round(performance.now() - started)
  const signal = AbortSignal.timeout(bounds.timeoutMs)
  try {
    const url = parseWebAddress(target)
    const { dispatcher } = await checkedTarget(url, { trustedHosts: bounds.allowedHosts })
    const response = await fetch(url, {
      body,
      dispatcher,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'user-agent': 'payload-events-calendar webhooks',
      },
      method: 'POST',
      redirect: 'manual',
      signal,
    })
    const excerpt = await readExcerpt(response.body, bounds.maxResponseBytes)
    const ok = response.status >= 200 && response.status < 300
    return {
      durationMs: took(),
      excerpt,
      ok,
      status: response.status,
      ...(ok ? {} : { error: `HTTP ${response.status}` }),
    }
  } catch (error) {
    const reason =
      error instanceof ImageDownloadError
        ? error.message
        : signal.aborted
          ? `no answer within ${bounds.timeoutMs} ms`
          : reasonOf(error)
    return { durationMs: took(), error: reason, ok: false }
  }
}

/** The start of the answer's body as text: at most `maxBytes` are read, the rest is never downloaded. */
async function readExcerpt(
  body: (AsyncIterable<Uint8Array> & { cancel: () => Promise<void> }) | null,
  maxBytes: number,
): Promise<string> {
  if (!body) return ''
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    chunks.push(Buffer.from(chunk))
    size += chunk.length
    if (size >= maxBytes) break
  }
  if (size >= maxBytes) await body.cancel().catch(() => undefined)
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8').slice(0, EXCERPT_CHARS)
}
