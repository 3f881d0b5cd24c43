import { describe, expect, it } from 'vitest'

import { siteUrlAt } from '../../src/admin/siteUrlAt'

/*
 * "View public page" under the admin's own origin (issue 28, item 6): an editor who opened the
 * admin at http://127.0.0.1:3000 while SITE_URL says http://localhost:3000 keeps the session
 * (its cookie is 127.0.0.1's) on the public page of a draft.
 */
describe('the public page’s address from the admin', () => {
  const loopback = ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']

  it('is under the admin’s origin when that is one of the site’s', () => {
    expect(siteUrlAt('http://127.0.0.1:3000', 'http://localhost:3000', loopback)).toBe(
      'http://127.0.0.1:3000',
    )
    expect(siteUrlAt('http://[::1]:3000', 'http://localhost:3000/site/', loopback)).toBe(
      'http://[::1]:3000/site',
    )
  })

  it('keeps SITE_URL under its own origin or any origin that is not the site’s', () => {
    expect(siteUrlAt('http://localhost:3000', 'http://localhost:3000', loopback)).toBe(
      'http://localhost:3000',
    )
    expect(siteUrlAt('https://admin.example.net', 'https://www.example.org', loopback)).toBe(
      'https://www.example.org',
    )
    expect(siteUrlAt('http://127.0.0.1:3000', 'http://localhost:3000')).toBe(
      'http://localhost:3000',
    )
  })
})
