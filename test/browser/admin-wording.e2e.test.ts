import type { Browser, Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import {
  driveE2eApp,
  E2E_ADMIN as ADMIN,
  newPage,
  screenshot,
  signIn,
  signInByApi,
} from '../e2e/browser'

/*
 * The admin as a French or Spanish editor reads it (issue 28, items 3 and 6): Payload's words where
 * its translation misleads here (a "locale" is a language, not a "lieu", our venue), the event's
 * zone, the role, toasts whose buttons stay on one line and whose close button is named in the
 * editor's language; and an administrator who gives a new account its admin language.
 */
const RUN = Date.now().toString(36)

const WORDS = {
  'fr-FR': {
    close: 'Fermer',
    copyToLocale: 'Copier vers une autre langue',
    editor: 'Éditeur',
    loading: 'Chargement',
    moveToTrash: 'Mettre à la corbeille',
    undo: 'Annuler',
    wrong: ['Copier vers le lieu', 'nouveau ou nouvelle', 'Heure de ', 'Close toast'],
    zone: /^Heure UTC/,
  },
  'es-ES': {
    close: 'Cerrar',
    copyToLocale: 'Copiar a idioma',
    editor: 'Editor',
    loading: 'Cargando',
    moveToTrash: 'Mover a la papelera',
    undo: 'Deshacer',
    wrong: ['Hora de ', 'Close toast'],
    zone: /^Hora UTC/,
  },
} as const

describe.skipIf(process.env.SKIP_E2E === '1')(
  'the admin’s wording in French and Spanish',
  { timeout: 180_000 },
  () => {
    let base: string
    let browser: Browser
    let page: Page

    driveE2eApp('wording', {
      page: () => page,
      started: (app) => ({ base, browser } = app),
    })

    it('says languages, the zone, the role and the toasts’ buttons in French and Spanish', async () => {
      // An English administrator opens the forms first: Payload builds a collection's field map
      // once, in the language of the first to open it, which a French editor then got.
      page = await newPage(browser)
      await signInByApi(page, base, ADMIN.email, ADMIN.password)
      await page.goto(`${base}/admin/collections/users/create`)
      await page.locator('#field-role').waitFor()
      const ids = await page.evaluate(async (title) => {
        const made: number[] = []
        for (const language of ['fr', 'es']) {
          const response = await fetch('/api/events', {
            body: JSON.stringify({
              endDate: '2027-04-01T12:00:00.000Z',
              startDate: '2027-04-01T10:00:00.000Z',
              timezone: 'UTC',
              title: `${title} ${language}`,
            }),
            credentials: 'include',
            headers: { 'Content-Type': 'application/json' },
            method: 'POST',
          })
          made.push(((await response.json()) as { doc: { id: number } }).doc.id)
        }
        return made
      }, `Mots ${RUN}`)
      await page.context().close()

      for (const [index, [locale, words]] of Object.entries(WORDS).entries()) {
        const language = locale.slice(0, 2)
        page = await newPage(browser, 'UTC', locale)
        await signIn(page, base, ADMIN.email, ADMIN.password)
        // Before the form's blocks are there (here: scripts off, never), the form says it is loading.
        const still = await browser.newContext({ javaScriptEnabled: false, locale })
        await still.addCookies(await page.context().cookies())
        const served = await still.newPage()
        await served.goto(`${base}/admin/collections/events/${ids[index]}`)
        const note = await served.evaluate(() => {
          const main = document.querySelector('.document-fields__main')
          return main ? getComputedStyle(main, '::after').content : 'no form'
        })
        expect(note).toBe(JSON.stringify(`${words.loading}…`))
        await screenshot(served, `form-loading-${language}`)
        await still.close()

        await page.goto(`${base}/admin/collections/events/${ids[index]}`)
        await page.locator('#field-title').waitFor()
        await page.waitForLoadState('networkidle')
        // Once the blocks are there, the note is gone.
        await page.locator('.document-fields__main .collapsible-field').first().waitFor()
        await expect
          .poll(() =>
            page.evaluate(
              () =>
                getComputedStyle(document.querySelector('.document-fields__main')!, '::after')
                  .content,
            ),
          )
          .toBe('none')
        await page.locator('.doc-controls__dots').click()
        // The menu's items are rendered apart from its button, at the page's end.
        await page.getByText(words.copyToLocale, { exact: true }).waitFor()
        await screenshot(page, `wording-${language}-event-menu`)
        await page.keyboard.press('Escape')
        const zone = page
          .locator('#field-startDate')
          .locator('xpath=..')
          .locator('.field-description')
        await expect.poll(() => zone.first().textContent()).toMatch(words.zone)

        // Trashing says so with an Undo on one line and a close button in the editor's language.
        await page.getByRole('button', { name: words.moveToTrash }).click()
        const undo = page.locator('.payload-toast-container [data-button]')
        await undo.waitFor()
        expect(await undo.textContent()).toBe(words.undo)
        const lines = await undo.evaluate((button) => {
          const range = document.createRange()
          range.selectNodeContents(button)
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
        })
        expect(lines).toBe(1)
        expect(
          await page
            .locator('.payload-toast-container [data-close-button]')
            .getAttribute('aria-label'),
        ).toBe(words.close)
        await screenshot(page, `wording-${language}-trash-toast`)
        const seen = await page.content()

        await page.goto(`${base}/admin/collections/users/create`)
        await page.locator('#field-role .rs__control').click()
        await page.locator('.rs__option', { hasText: words.editor }).first().waitFor()
        expect(await page.locator('.rs__option').allTextContents()).toContain(words.editor)
        await screenshot(page, `wording-${language}-user-role`)
        for (const wrong of words.wrong)
          expect(`${seen}\n${await page.content()}`).not.toContain(wrong)
        await page.context().close()
      }
    })

    it('lets an administrator give a new account its admin language, applied when it signs in', async () => {
      page = await newPage(browser)
      await signInByApi(page, base, ADMIN.email, ADMIN.password)
      await page.goto(`${base}/admin/collections/users/create`)
      const login = `hispano-${RUN}`
      const password = 'a-long-password-1'
      await page.locator('#field-email').fill(`${login}@example.test`)
      await page.locator('#field-username').fill(login)
      await page.locator('#field-password').fill(password)
      await page.locator('#field-confirm-password').fill(password)
      await page.locator('#field-adminLanguage .rs__control').click()
      await page.locator('.rs__option', { hasText: 'Español' }).click()
      await screenshot(page, 'admin-language-new-user')
      const written = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && /\/api\/users(\?|$)/.test(response.url()),
      )
      await page.click('#action-save')
      expect((await written).status()).toBe(201)
      await page.context().close()

      // The new editor's browser says English; the admin opens in Spanish.
      page = await newPage(browser)
      await signIn(page, base, login, password)
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es')
      await page.getByText('Panel de control').first().waitFor()
      await screenshot(page, 'admin-language-signed-in')
      await page.context().close()
    })
  },
)
