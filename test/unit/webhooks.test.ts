import { describe, expect, it } from 'vitest'

import { sanitizeOptions } from '../../src/sanitizeOptions'
import { postChangeOf } from '../../src/webhooks/changeEvents'

describe('what a save of an event, venue or organizer tells the webhooks', () => {
  it.each([
    [undefined, 'publish', 'published'],
    [undefined, 'draft', null],
    ['draft', 'publish', 'published'],
    ['future', 'publish', 'published'],
    ['publish', 'publish', 'updated'],
    ['publish', 'draft', 'unpublished'],
    ['publish', 'private', 'unpublished'],
    ['publish', 'trash', 'trashed'],
    ['draft', 'trash', 'trashed'],
    ['trash', 'trash', null],
    ['trash', 'draft', 'restored'],
    ['trash', 'publish', 'restored'],
    ['draft', 'pending', null],
  ] as const)('%s → %s: %s', (before, after, change) => {
    expect(postChangeOf(before, after)).toBe(change)
  })
})

describe('the webhooks options', () => {
  const sanitized = (webhooks: unknown) =>
    sanitizeOptions({ webhooks } as never, { localization: false }).webhooks

  it('has defaults', () => {
    expect(sanitized(undefined)).toEqual({
      allowedHosts: [],
      enabled: true,
      maxResponseBytes: 65_536,
      timeoutMs: 10_000,
    })
  })

  it('keeps hosts lower-cased and refuses a scheme, port or path', () => {
    expect(sanitized({ allowedHosts: [' Hooks.Intranet ', '[fd00::1]'] }).allowedHosts).toEqual([
      'hooks.intranet',
      '[fd00::1]',
    ])
    for (const host of ['http://hooks', 'hooks:8080', 'hooks/x', ''])
      expect(() => sanitized({ allowedHosts: [host] })).toThrow(/webhooks.allowedHosts/)
  })

  it('refuses bounds that are not whole numbers in range, and a switch that is not boolean', () => {
    for (const bad of [0, -1, 1.5, 60_001, '10'])
      expect(() => sanitized({ timeoutMs: bad })).toThrow(/webhooks.timeoutMs/)
    for (const bad of [0, 1_048_577])
      expect(() => sanitized({ maxResponseBytes: bad })).toThrow(/webhooks.maxResponseBytes/)
    expect(() => sanitized({ enabled: 'yes' })).toThrow(/webhooks.enabled/)
  })
})
