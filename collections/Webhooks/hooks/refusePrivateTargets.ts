import type { CollectionBeforeValidateHook } from 'payload'

import { ValidationError } from 'payload'

import { checkedTarget, ImageDownloadError, parseWebAddress } from '../../../src/lib/imageDownload'
import { pluginOptionsOf } from '../../../src/pluginOptions'

/**
 * A webhook's target must be one the server may send requests to (the rule of images given by
 * URL: public addresses on ports 80, 443 and 8080, or a host the plugin's `webhooks.allowedHosts`
 * lists), so that no administrator's typo or stolen session turns the server against its own
 * network. Checked again at each delivery, on the address connected to.
 */
export const refusePrivateTargets: CollectionBeforeValidateHook = async ({ data, req }) => {
  if (typeof data?.url !== 'string') return data
  const options = pluginOptionsOf(req.payload)
  let reason: string | undefined
  try {
    const url = parseWebAddress(data.url.trim())
    await checkedTarget(url, { trustedHosts: options.webhooks.allowedHosts })
    data.url = url.toString()
  } catch (error) {
    if (!(error instanceof ImageDownloadError)) throw error
    reason = error.message
  }
  if (reason)
    throw new ValidationError({
      collection: 'webhooks',
      errors: [{ message: `This target is refused: ${reason}.`, path: 'url' }],
      req,
    })
  return data
}
