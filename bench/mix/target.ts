/** One system the mix benchmark loads: the original (tribe/events/v1) or this product (vendor/events/v1). */
export type Target = {
  /** `Basic …` of an administrator's application password, for the seed and the editor. */
  authorization: string
  /** Site root, e.g. `http://127.0.0.1:8089`. */
  base: string
  /** CPU ms its processes (server and database) have used so far (`cpu.ts`), where known. */
  cpu?: () => number
  name: 'original' | 'ours'
  /** The API's namespace path, e.g. `/wp-json/tribe/events/v1`. */
  ns: string
}

export type Answer = { body: unknown; headers: Headers; status: number }

export const basicAuthorization = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

/** One request under the target's namespace; signed in when `signed`. The original takes seconds: 120 s at most. */
export async function call(
  target: Target,
  method: 'DELETE' | 'GET' | 'POST' | 'PUT',
  route: string,
  { body, signed = method !== 'GET' }: { body?: unknown; signed?: boolean } = {},
): Promise<Answer> {
  const response = await fetch(`${target.base}${target.ns}${route}`, {
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      ...(signed ? { authorization: target.authorization } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    method,
    signal: AbortSignal.timeout(120_000),
  })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // Not JSON: kept as text for the error message.
  }
  return { body: parsed, headers: response.headers, status: response.status }
}

/** `call`, failing with the answer when its status is not the expected one. */
export async function expectCall(
  target: Target,
  expected: number,
  ...args: Parameters<typeof call> extends [Target, ...infer Rest] ? Rest : never
): Promise<Answer> {
  const answer = await call(target, ...args)
  if (answer.status !== expected)
    throw new Error(
      `${target.name}: ${args[0]} ${args[1]} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 600)}`,
    )
  return answer
}

/** Every item of a paged list (`per_page=50`), read anonymously as visitors see it. */
export async function readAll<T>(target: Target, route: string, key: string): Promise<T[]> {
  const items: T[] = []
  const separator = route.includes('?') ? '&' : '?'
  for (let page = 1; ; page++) {
    const answer = await call(target, 'GET', `${route}${separator}per_page=50&page=${page}`)
    if (answer.status !== 200) break
    const batch = ((answer.body as Record<string, T[]>)[key] ?? []) as T[]
    items.push(...batch)
    const pages = Number(answer.headers.get('x-tec-totalpages') ?? 1)
    if (page >= pages || !batch.length) break
  }
  return items
}

/** The `X-TEC-Total` of a list (0 when the list answers otherwise, e.g. a page past the end). */
export async function totalOf(target: Target, route: string, signed = false): Promise<number> {
  const answer = await call(target, 'GET', route, { signed })
  return answer.status === 200 ? Number(answer.headers.get('x-tec-total') ?? 0) : 0
}
