/**
 * Whether this process is stopping. `src/server/start.ts` sets it on SIGTERM/SIGINT, before it
 * stops accepting connections, so that `/readyz` (`src/server/health.ts`) tells the load
 * balancer to send new requests elsewhere while the ones in flight are still answered.
 */
let draining = false

export function startDraining(): void {
  draining = true
}

export function isDraining(): boolean {
  return draining
}

/**
 * While stopping, every answer says `Connection: close`: a client does not send its next request
 * on a connection about to be closed (it would get no reply), but opens one to another instance.
 */
export function closeConnectionsWhileDraining(
  _req: unknown,
  res: { setHeader: (name: string, value: string) => unknown },
  next: () => void,
): void {
  if (draining) res.setHeader('Connection', 'close')
  next()
}
