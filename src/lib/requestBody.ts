/**
 * The body of a request, read whole only if it stays within `limit` bytes: a declared
 * `Content-Length` over the limit is refused before reading, and a body sent without one (or
 * lying about it) is cut off as soon as it goes over. null for a request without a body.
 */
export async function readBodyWithin(
  request: Pick<Request, 'body' | 'headers'>,
  limit: number,
): Promise<'too-large' | ArrayBuffer | null> {
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > limit) return 'too-large'
  if (!request.body) return null
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel().catch(() => undefined)
      return 'too-large'
    }
    chunks.push(value)
  }
  const body = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body.buffer
}
