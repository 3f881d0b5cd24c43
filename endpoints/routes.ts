import type { Route } from './router'

import { namespaceIndex } from './namespaceIndex'

/**
 * The route table of the compatibility API, in the original's registration order (that order
 * is visible: it is the order of the namespace index and of `/doc`). Resource routes are added
 * here as their controllers land.
 */
export const routes: Route[] = [
  {
    path: '',
    endpoints: [
      {
        method: 'GET',
        args: {
          namespace: { default: ({ namespace }) => namespace },
          context: { default: 'view' },
        },
        handler: namespaceIndex,
      },
    ],
  },
]
