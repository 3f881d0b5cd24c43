import type { RestContext } from '../context'
import type { Route } from '../router'

/** WordPress's `Allow`: the route's methods that this caller may use (it runs each permission check). */
export async function allowedMethods(route: Route, ctx: RestContext): Promise<string> {
  const allowed: string[] = []
  for (const endpoint of route.endpoints) {
    if (!endpoint.permission || (await endpoint.permission(ctx))) allowed.push(...endpoint.methods)
  }
  return allowed.join(', ')
}
