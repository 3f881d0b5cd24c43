/**
 * An image kept by its address on another site instead of as a file here: what an import does
 * with an image it could not download, so the item still shows it (see docs/compatibility.md,
 * "Images that cannot be downloaded"). Such a media item has no `filename`; `externalUrl` is the
 * outside address, which reads back as its `url`.
 */
export type ExternalImageDoc = {
  externalUrl?: null | string
  filename?: null | string
  url?: null | string
}

/** An absolute http(s) address: the only kind an image may be kept by. */
export function isWebAddress(value: unknown): value is string {
  if (typeof value !== 'string') return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname)
  } catch {
    return false
  }
}

export const isExternalImage = (
  doc: ExternalImageDoc | null | undefined,
): doc is ExternalImageDoc & { externalUrl: string } =>
  Boolean(doc && !doc.filename && isWebAddress(doc.externalUrl))

/** The extension of an image's file, from its name here or from the last segment of its outside address. */
export function imageExtension(doc: ExternalImageDoc): string {
  let name = doc.filename ?? ''
  if (isExternalImage(doc))
    name = decodeURIComponent(new URL(doc.externalUrl).pathname.split('/').pop() ?? '')
  return name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : ''
}
