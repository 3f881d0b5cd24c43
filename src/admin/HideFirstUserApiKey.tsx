'use client'

import type { ReactNode } from 'react'

/**
 * Payload's first-user form showed the API key's text field and an unlabeled checkbox (its
 * `enableAPIKey`): the site's first account needs neither to start, and an API key is turned on
 * later from the account page, where it is labelled. They are left off that form only.
 */
export function HideFirstUserApiKey({ children }: { children?: ReactNode }) {
  return (
    <>
      <style>
        {
          '.create-first-user .field-type:has(#field-apiKey), .create-first-user .field-type:has(#field-hasAPIKey) { display: none; }'
        }
      </style>
      {children}
    </>
  )
}
