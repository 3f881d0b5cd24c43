import type { SourceUser } from './users'

import { mapConcurrently } from './pool'

const PER_PAGE = 50
const PAGE_CONCURRENCY = 4
const ATTEMPTS = 4
const REQUEST_TIMEOUT_MS = 30_000

/** A problem with the source as a whole (unreachable, refusing the credentials, answering nonsense): the run stops. */
export class SourceError extends Error {
  override name = 'SourceError'
}

export type SourceResponse = { body: unknown; headers: Headers; status: number }

/** Why a request got no answer, in words (`fetch` puts the reason in `cause`). */
export const networkError = (error: unknown): string => ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message

/** Where one language of the source is read: its own REST root (`/fr/wp-json`), or the default root with `i18n_language`. */
type LanguageRoot = { base: string; query: Record<string, string> }

/**
 * Reads The Events Calendar's REST API (`tribe/events/v1`, or our `vendor/events/v1`) of a site:
 * lists page by page, single items, and WordPress's own user and index routes, with HTTP Basic
 * credentials when given. Network errors, 5xx and 429 are retried with a growing pause.
 */
export class SourceClient {
  /** The REST root, e.g. `https://old.example/wp-json`, without a trailing slash. */
  readonly root: string
  readonly namespace: string
  private readonly authorization?: string
  private readonly languages = new Map<string, LanguageRoot>()

  constructor(options: { from: string; namespace: string; password?: string; user?: string }) {
    let from: URL
    try {
      from = new URL(options.from)
    } catch {
      throw new SourceError(`--from must be a URL such as https://old.example/wp-json (got "${options.from}")`)
    }
    if (from.protocol !== 'http:' && from.protocol !== 'https:') throw new SourceError(`--from must be an http(s) URL (got "${options.from}")`)
    this.namespace = options.namespace.replace(/^\/+|\/+$/g, '')
    let root = `${from.origin}${from.pathname}`.replace(/\/+$/, '')
    // The namespace itself given as --from: its REST root is what is above it.
    if (root.endsWith(`/${this.namespace}`)) root = root.slice(0, -this.namespace.length - 1)
    this.root = root
    if (options.user) this.authorization = `Basic ${Buffer.from(`${options.user}:${options.password ?? ''}`).toString('base64')}`
  }

  get authenticated(): boolean {
    return Boolean(this.authorization)
  }

  /** GET, retried on network errors, 5xx and 429. Other statuses are returned for the caller to judge. */
  async get(url: string, { auth = true } = {}): Promise<SourceResponse> {
    const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': 'payload-events-calendar-import' }
    if (auth && this.authorization) headers.Authorization = this.authorization
    let lastError = ''
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** (attempt - 2)))
      let response: Response
      try {
        response = await fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
      } catch (error) {
        lastError = networkError(error)
        continue
      }
      if (response.status >= 500 || response.status === 429) {
        lastError = `HTTP ${response.status}`
        await response.arrayBuffer().catch(() => undefined)
        continue
      }
      const text = await response.text()
      let body: unknown = text
      try {
        body = text ? JSON.parse(text) : null
      } catch {
        // Not JSON: callers see the text and decide.
      }
      return { body, headers: response.headers, status: response.status }
    }
    throw new SourceError(`GET ${url} failed ${ATTEMPTS} times: ${lastError}`)
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
    if (index.status === 401 || index.status === 403) throw new SourceError(`the source refused the credentials: ${errorText(index)}`)
    if (index.status !== 200 || !isObject(index.body)) {
      throw new SourceError(`${this.url('')} is not The Events Calendar's REST API (${this.namespace}): ${errorText(index)}`)
    }
    if (this.authorization) {
      const probe = await this.get(this.url('/events', { per_page: '1' }))
      if (probe.status === 401 || probe.status === 403) throw new SourceError(`the source refused the credentials: ${errorText(probe)}`)
    }
  }

  /** Finds where a language is read: `/fr/wp-json` if the site has it, else `?i18n_language=fr` on the default root. */
  async discoverLanguage(language: string): Promise<string> {
    const root = new URL(this.root)
    const segments = root.pathname.split('/').filter(Boolean)
    segments.splice(Math.max(segments.length - 1, 0), 0, language)
    const base = `${root.origin}/${segments.join('/')}`
    const own = await this.get(`${base}/${this.namespace}`)
    if (own.status === 200 && isObject(own.body) && (own.body as { namespace?: unknown }).namespace) {
      this.languages.set(language, { base, query: {} })
      return `${base}/`
    }
    const query = { i18n_language: language }
    const viaParam = await this.get(`${this.root}/${this.namespace}?${new URLSearchParams(query)}`)
    if (viaParam.status === 200 && isObject(viaParam.body)) {
      this.languages.set(language, { base: this.root, query })
      return `${this.root}/ with ?i18n_language=${language}`
    }
    throw new SourceError(`the source has no ${language} version: neither ${base}/${this.namespace} nor ?i18n_language=${language} answers`)
  }

  /** Every item of a list, page by page. `key` is the list's array in the body (`events`, `venues`, …). */
  async list(path: string, key: string, query: Record<string, string>, options: { auth?: boolean; language?: string } = {}): Promise<Record<string, unknown>[]> {
    let perPage: null | string = String(PER_PAGE)
    const page = async (number: number) => {
      const url = this.url(path, { ...query, ...(perPage ? { per_page: perPage } : {}), page: String(number) }, options.language)
      const response = await this.get(url, { auth: options.auth })
      // Past the last page the original answers 404 `*-archive-page-not-found`.
      if (response.status === 404 && number > 1) return { items: [], pages: 0 }
      if (response.status !== 200 || !isObject(response.body) || !Array.isArray((response.body as Record<string, unknown>)[key])) {
        throw new SourceError(`GET ${url}: ${errorText(response)}`)
      }
      const body = response.body as Record<string, unknown>
      const pages = Number(response.headers.get('x-tec-totalpages') ?? body.total_pages ?? 1)
      return { items: body[key] as Record<string, unknown>[], pages: Number.isFinite(pages) ? pages : 1 }
    }
    let first
    try {
      first = await page(1)
    } catch (error) {
      // A site that allows fewer per page than asked refuses the request: ask with its default.
      perPage = null
      first = await page(1).catch(() => Promise.reject(error))
    }
    const rest = Array.from({ length: Math.max(first.pages - 1, 0) }, (_, index) => index + 2)
    const later = await mapConcurrently(rest, PAGE_CONCURRENCY, async (number) => (await page(number)).items)
    return [...first.items, ...later.flat()]
  }

  /** One item (`/events/12`): its object, or null when the source does not show it (404, 400, 401, 403, 410). */
  async item(path: string, options: { language?: string } = {}): Promise<null | Record<string, unknown>> {
    const response = await this.get(this.url(path, {}, options.language))
    if (response.status === 200 && isObject(response.body)) return response.body as Record<string, unknown>
    if ([400, 401, 403, 404, 410].includes(response.status)) return null
    throw new SourceError(`GET ${this.url(path, {}, options.language)}: ${errorText(response)}`)
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
    if (typeof body.timezone_string === 'string' && body.timezone_string) return body.timezone_string
    const offset = Number(body.gmt_offset)
    if (!Number.isFinite(offset) || !Number.isInteger(offset)) return null
    return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
  }
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The source's answer in a few words: the WordPress error's code and message, or the status and the start of the body. */
function errorText(response: SourceResponse): string {
  const body = response.body as { code?: unknown; message?: unknown } | null
  if (isObject(body) && typeof body!.code === 'string') return `${response.status} ${body!.code}: ${String(body!.message ?? '')}`
  const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body)
  return `HTTP ${response.status}${text ? `: ${text.slice(0, 120)}` : ''}`
}
