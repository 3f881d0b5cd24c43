import { createHash, randomInt } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A new application password in WordPress's form: 24 letters and digits, shown in groups of
 * four. Anything but its letters and digits is ignored when it is used (as WordPress ignores it),
 * so it can be pasted with spaces, dashes or nothing between the groups.
 */
export function generateApplicationPassword(): string {
  const chars = Array.from({ length: 24 }, () => ALPHABET[randomInt(ALPHABET.length)])
  return chars.join('').replace(/(.{4})(?=.)/g, '$1 ')
}

/**
 * The stored form of an application password. These are 143 random bits, not something a
 * person chose, so a fast hash is as safe as a slow one here and lets the server find the
 * password with one indexed lookup instead of trying every stored hash.
 */
export function hashApplicationPassword(password: string): string {
  return createHash('sha256').update(lettersAndDigits(password)).digest('hex')
}

export function looksLikeApplicationPassword(password: string): boolean {
  return lettersAndDigits(password).length === 24
}

const lettersAndDigits = (password: string) => password.replace(/[^A-Za-z0-9]/g, '')
