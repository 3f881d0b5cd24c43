import type { SourceUser } from './users'

import { MAX_LIST_BYTES, MAX_LIST_ITEMS, MAX_RESPONSE_BYTES } from './bounds'

const PER_PAGE = 50
const PAGE_CONCURRENCY = 4
/** Tries of one request while the source answers others: past them, the failure is this request's own. */
const ATTEMPTS = 4
/**
 * How long a source that answers nothing (or only 5xx and 429) is waited for, from a request's
 * first failure, before the run stops: an outage of some seconds (a restart, a deploy) is ridden
 * out, and the reading resumes where it was.
 */
export const SOURCE_PATIENCE_MS = 60_000
/** The longest pause between two tries, before jitter. */
const MAX_PAUSE_MS = 8_000
const REQUEST_TIMEOUT_MS = 30_000

/** A problem with the source as a whole (unreachable, refusing the credentials, answering nonsense): the run stops. */
export class SourceError extends Error {
  override name = 'SourceError'
}

/** An answer larger than `MAX_RESPONSE_BYTES`: refused at once, not asked again. */
export class ResponseTooLarge extends SourceError {
  override name = 'ResponseTooLarge'
}

export type SourceResponse = { body: unknown; bytes: number; headers: Headers; status: number }

/** Why a request got no answer, in words (`fetch` puts the reason in `cause`). */
export const networkError = (error: unknown): string =>
  ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message

/** Where one language of the source is read: its own REST root (`/fr/wp-json`), or the default root with `i18n_language`. */
type LanguageRoot = { base: string; query: Record<string, string> }

/**
 * Reads The Events Calendar's REST API (`tribe/events/v1`, or our `vendor/events/v1`) of a site:
 * lists page by page, single items, and WordPress's own user and index routes, with HTTP Basic
 * credentials when given. Network errors, 5xx and 429 are retried with a growing, jittered pause
 * for as long as the source's patience (`SOURCE_PATIENCE_MS`) while it answers nothing else. Each
 * answer is read as it arrives, up to `MAX_RESPONSE_BYTES` (`bounds.ts`), within the request's time.
 */
export class SourceClient {
  /** The REST root, e.g. `https://old.example/wp-json`, without a trailing slash. */
  readonly root: string
  readonly namespace: string
  private readonly authorization?: string
  private readonly languages = new Map<string, LanguageRoot>()
  private readonly patienceMs: number

  constructor(options: {
    from: string
    namespace: string
    password?: string
    /** How long an unanswering source is waited for (`SOURCE_PATIENCE_MS`). */
    patienceMs?: number
    user?: string
  }) {
    this.patienceMs = options.patienceMs ?? SOURCE_PATIENCE_MS
    let from: URL
    try {
      from = new URL(options.from)
    } catch {
      throw new SourceError(
        `--from must be a URL such as https://old.example/wp-json (got "${options.from}")`,
      )
    }
    if (from.protocol !== 'http:' && from.protocol !== 'https:')
      throw new SourceError(`--from must be an http(s) URL (got "${options.from}")`)
    this.namespace = options.namespace.replace(/^\/+|\/+$/g, '')
    let root = `${from.origin}${from.pathname}`.replace(/\/+$/, '')
    // The namespace itself given as --from: its REST root is what is above it.
    if (root.endsWith(`/${this.namespace}`)) root = root.slice(0, -this.namespace.length - 1)
    this.root = root
    if (options.user)
      this.authorization = `Basic ${Buffer.from(`${options.user}:${options.password ?? ''}`).toString('base64')}`
  }

  get authenticated(): boolean {
    return Boolean(this.authorization)
  }

  /**
   * The query of a signed-in read of items: The Events Calendar shows an editor a
   * password-protected item's content in the `edit` context only (without it, its lists blank
   * the item as for a visitor and its single answers 403 `event-password-protected`).
   */
  private readContext(auth = true): Record<string, string> {
    return auth && this.authenticated ? { context: 'edit' } : {}
  }

  /**
   * GET, retried on network errors, 5xx and 429 with exponential back-off and jitter: while the
   * source answers nothing at all (an outage, its index failing too), up to its patience; when it
   * answers its index, once more after `ATTEMPTS` tries (then it is this request's own failure).
   * Other statuses are returned for the caller to judge.
   */
  async get(url: string, { auth = true } = {}): Promise<SourceResponse> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': 'payload-events-calendar-import',
    }
    if (auth && this.authorization) headers.Authorization = this.authorization
    let lastError = ''
    let firstFailure = 0
    /** The source answers other requests: one more try of this one, then it is this request's failure. */
    let lastTry = false
    let attempt = 0
    for (;;) {
      attempt++
      if (attempt > 1) {
        if (attempt > ATTEMPTS) {
          if (lastTry) break
          lastTry = await this.answers()
        }
        const waited = Date.now() - firstFailure
        if (waited >= this.patienceMs) break
        const pause = Math.min(MAX_PAUSE_MS, 250 * 2 ** (attempt - 2))
        // Jitter: requests that failed together do not all come back together.
        const jittered = pause / 2 + Math.random() * (pause / 2)
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(jittered, this.patienceMs - waited)),
        )
      }
      let response: Response
      try {
        response = await fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
      } catch (error) {
        lastError = networkError(error)
        firstFailure ||= Date.now()
        continue
      }
      if (response.status >= 500 || response.status === 429) {
        lastError = `HTTP ${response.status}`
        firstFailure ||= Date.now()
        await response.body?.cancel().catch(() => undefined)
        continue
      }
      let text: string
      let bytes: number
      try {
        ;({ bytes, text } = await readAtMost(response, url))
      } catch (error) {
        if (error instanceof ResponseTooLarge) throw error
        lastError = networkError(error)
        firstFailure ||= Date.now()
        continue
      }
      let body: unknown = text
      try {
        body = text ? JSON.parse(text) : null
      } catch {
        // Not JSON: callers see the text and decide.
      }
      return { body, bytes, headers: response.headers, status: response.status }
    }
    const seconds = Math.round((Date.now() - firstFailure) / 1000)
    throw new SourceError(
      lastTry
        ? `GET ${url} failed ${attempt - 1} times: ${lastError}`
        : `GET ${url}: the source did not answer for ${seconds} s (${this.patienceMs / 1000} s are waited): ${lastError}`,
    )
  }

  /** Whether the source answers at all now: its REST index, asked once, without retries. */
  private async answers(): Promise<boolean> {
    try {
      const response = await fetch(`${this.root}/`, {
        headers: { Accept: 'application/json', 'User-Agent': 'payload-events-calendar-import' },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
      await response.body?.cancel().catch(() => undefined)
      return response.status < 500 && response.status !== 429
    } catch {
      return false
    }
  }

  /** The namespace URL of a language (the default one when `language` is undefined), with `path` and query appended. */
  url(path: string, query: Record<string, string> = {}, language?: string): string {
    const root = language ? this.languages.get(language) : undefined
    if (language && !root) throw new Error(`language ${language} was not discovered`)
    const params = new URLSearchParams({ ...root?.query, ...query }).toString()
    return `${root?.base ?? this.root}/${this.namespace}${path}${params ? `?${params}` : ''}`
  }

  /**
   * Checks that the namespace answers, and that the credentials (if any) are accepted: the
   * namespace index ignores bad credentials in some setups, so the events list is asked too.
   */
  async checkAccess(): Promise<void> {
    const index = await this.get(this.url(''))
    if (index.status === 401 || index.status === 403)
      throw new SourceError(`the source refused the credentials: ${errorText(index)}`)
    if (index.status !== 200 || !isObject(index.body)) {
      throw new SourceError(
        `${this.url('')} is not The Events Calendar's REST API (${this.namespace}): ${errorText(index)}`,
      )
    }
    if (this.authorization) {
      const probe = await this.get(this.url('/events', { per_page: '1' }))
      if (probe.status === 401 || probe.status === 403)
        throw new SourceError(`the source refused the credentials: ${errorText(probe)}`)
    }
  }

  /**
   * Finds where a language is read: `/fr/wp-json` if the site has it, else `?i18n_language=fr` on
   * the default root; `null` when the site answers the parameter with its default language's
   * text (a site without a translation plugin ignores it), so that the language is not read at all.
   */
  async discoverLanguage(language: string): Promise<null | string> {
    const root = new URL(this.root)
    const segments = root.pathname.split('/').filter(Boolean)
    segments.splice(Math.max(segments.length - 1, 0), 0, language)
    const base = `${root.origin}/${segments.join('/')}`
    const own = await this.get(`${base}/${this.namespace}`)
    if (
      own.status === 200 &&
      isObject(own.body) &&
      (own.body as { namespace?: unknown }).namespace
    ) {
      this.languages.set(language, { base, query: {} })
      return `${base}/`
    }
    const query = { i18n_language: language }
    const viaParam = await this.get(`${this.root}/${this.namespace}?${new URLSearchParams(query)}`)
    if (viaParam.status === 200 && isObject(viaParam.body)) {
      if (await this.ignoresLanguage(query)) return null
      this.languages.set(language, { base: this.root, query })
      return `${this.root}/ with ?i18n_language=${language}`
    }
    throw new SourceError(
      `the source has no ${language} version: neither ${base}/${this.namespace} nor ?i18n_language=${language} answers`,
    )
  }

  /**
   * Whether the events list answers `query` exactly as without it: its first events the same in
   * every byte (a site that translates gives at least one title, link or text of its own).
   */
  private async ignoresLanguage(query: Record<string, string>): Promise<boolean> {
    const sample = { per_page: '10' }
    const [plain, asked] = await Promise.all([
      this.get(this.url('/events', sample)),
      this.get(this.url('/events', { ...sample, ...query })),
    ])
    const events = (plain.body as { events?: unknown } | null)?.events
    // Without events to compare, nothing tells: the language is read.
    if (plain.status !== 200 || !Array.isArray(events) || !events.length) return false
    return asked.status === 200 && JSON.stringify(plain.body) === JSON.stringify(asked.body)
  }

  /**
   * Every item of a list, page by page. `key` is the list's array in the body (`events`, `venues`, …).
   * The source's page count is not taken on trust: pages are read one after another while they
   * are full of items not seen yet, up to the pages its total justifies, and at most `MAX_LIST_ITEMS`.
   */
  async list(
    path: string,
    key: string,
    query: Record<string, string>,
    options: { auth?: boolean; language?: string } = {},
  ): Promise<Record<string, unknown>[]> {
    let perPage: null | string = String(PER_PAGE)
    const page = async (number: number) => {
      const url = this.url(
        path,
        {
          ...query,
          ...this.readContext(options.auth),
          ...(perPage ? { per_page: perPage } : {}),
          page: String(number),
        },
        options.language,
      )
      const response = await this.get(url, { auth: options.auth })
      // Past the last page the original answers 404 `*-archive-page-not-found`.
      if (response.status === 404 && number > 1)
        return { bytes: response.bytes, items: [], pages: 0, total: 0 }
      if (
        response.status !== 200 ||
        !isObject(response.body) ||
        !Array.isArray((response.body as Record<string, unknown>)[key])
      ) {
        throw new SourceError(`GET ${url}: ${errorText(response)}`)
      }
      const body = response.body as Record<string, unknown>
      const count = (value: unknown) =>
        Number.isSafeInteger(Number(value)) && Number(value) >= 0 ? Number(value) : null
      return {
        bytes: response.bytes,
        items: body[key] as Record<string, unknown>[],
        pages:
          count(
            response.headers.get('x-tec-totalpages') ??
              response.headers.get('x-wp-totalpages') ??
              body.total_pages,
          ) ?? 1,
        total: count(
          response.headers.get('x-tec-total') ?? response.headers.get('x-wp-total') ?? body.total,
        ),
      }
    }
    let first
    try {
      first = await page(1)
    } catch (error) {
      // A site that allows fewer per page than asked refuses the request: ask with its default.
      perPage = null
      first = await page(1).catch(() => Promise.reject(error))
    }
    const items = [...first.items]
    let bytes = first.bytes
    const size = first.items.length
    const seen = new Set(first.items.map(itemKey))
    // The pages the items justify: what the total says at the first page's size, never more than the source says.
    const pages = Math.min(
      first.pages,
      first.total === null || !size ? first.pages : Math.ceil(first.total / size),
    )
    for (let from = 2; from <= pages && size > 0; from += PAGE_CONCURRENCY) {
      const numbers = Array.from(
        { length: Math.min(PAGE_CONCURRENCY, pages - from + 1) },
        (_, index) => from + index,
      )
      const batch = await Promise.all(numbers.map(page))
      for (const { bytes: read, items: next } of batch) {
        bytes += read
        const fresh = next.filter((item) => {
          const key = itemKey(item)
          return !seen.has(key) && Boolean(seen.add(key))
        })
        items.push(...fresh)
        if (items.length > MAX_LIST_ITEMS || bytes > MAX_LIST_BYTES) {
          throw new SourceError(
            `${this.url(path, query, options.language)} lists more than ${MAX_LIST_ITEMS} items or ${MAX_LIST_BYTES / 1024 / 1024} MB: more than this tool imports`,
          )
        }
        // An empty or short page is the last, whatever the count said; so is one that only repeats what came before.
        if (next.length < size || !fresh.length) return items
      }
    }
    return items
  }

  /** One item (`/events/12`): its object, or null when the source does not show it (404, 400, 401, 403, 410). */
  async item(
    path: string,
    options: { language?: string } = {},
  ): Promise<null | Record<string, unknown>> {
    const url = this.url(path, this.readContext(), options.language)
    const response = await this.get(url)
    if (response.status === 200 && isObject(response.body))
      return response.body as Record<string, unknown>
    if ([400, 401, 403, 404, 410].includes(response.status)) return null
    throw new SourceError(`GET ${url}: ${errorText(response)}`)
  }

  /** A WordPress user (`wp/v2/users/{id}`): with `context=edit` when signed in (e-mail, username), else the public view. */
  async user(id: number): Promise<null | SourceUser> {
    const base = `${this.root}/wp/v2/users/${id}`
    if (this.authorization) {
      const full = await this.get(`${base}?context=edit`)
      if (full.status === 200 && isObject(full.body)) return full.body as never
    }
    const response = await this.get(base, { auth: false })
    return response.status === 200 && isObject(response.body) ? (response.body as never) : null
  }

  /** The site's timezone from WordPress's REST index (`timezone_string`, or a whole-hour `gmt_offset`). */
  async siteTimezone(): Promise<null | string> {
    const response = await this.get(`${this.root}/`, { auth: false })
    if (response.status !== 200 || !isObject(response.body)) return null
    const body = response.body as { gmt_offset?: unknown; timezone_string?: unknown }
    if (typeof body.timezone_string === 'string' && body.timezone_string)
      return body.timezone_string
    const offset = Number(body.gmt_offset)
    if (!Number.isFinite(offset) || !Number.isInteger(offset)) return null
    return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
  }
}

/** The body as text, read as it comes: refused (the connection closed) once it is larger than `MAX_RESPONSE_BYTES`. */
async function readAtMost(
  response: Response,
  url: string,
): Promise<{ bytes: number; text: string }> {
  const tooLarge = () =>
    new ResponseTooLarge(
      `GET ${url}: the answer is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB, more than this tool reads`,
    )
  if (Number(response.headers.get('content-length') ?? 0) > MAX_RESPONSE_BYTES) {
    await response.body?.cancel().catch(() => undefined)
    throw tooLarge()
  }
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body?.getReader()
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    size += read.value.length
    if (size > MAX_RESPONSE_BYTES) {
      await reader!.cancel().catch(() => undefined)
      throw tooLarge()
    }
    chunks.push(read.value)
  }
  return { bytes: size, text: Buffer.concat(chunks).toString('utf8') }
}

/** What tells items of a list apart: their id, or (without one) nothing, so that each counts as new. */
const itemKey = (item: unknown): string | symbol => {
  const id = isObject(item) ? (item as { id?: unknown }).id : undefined
  return typeof id === 'number' || typeof id === 'string' ? String(id) : Symbol('no id')
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The source's answer in a few words: the WordPress error's code and message, or the status and the start of the body. */
function errorText(response: SourceResponse): string {
  const body = response.body as { code?: unknown; message?: unknown } | null
  if (isObject(body) && typeof body!.code === 'string')
    return `${response.status} ${body!.code}: ${String(body!.message ?? '')}`
  let text: string
  try {
    text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body)
  } catch {
    // Nested too deep to be written out.
    text = '(unreadable JSON)'
  }
  return `HTTP ${response.status}${text ? `: ${text.slice(0, 120)}` : ''}`
}
