import {existsSync} from 'node:fs'
import {chromium} from 'playwright-core'

/** Debian's Chromium; downloading a browser build is not possible here. */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium'
export const HAVE_CHROMIUM = existsSync(CHROMIUM)

/** Headless Chromium, started as this machine allows (root, closed network). */
export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
  })
}
