import {existsSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

/** The project folder. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '')

/** The published seed reports, beside the clone (absent outside this workplace). */
export const SEEDS = fileURLToPath(new URL('../../../shared/seeds/', import.meta.url))
export const HAVE_SEEDS = existsSync(SEEDS)

/** @param {string} rel */
export const fixture = (rel) => fileURLToPath(new URL(`../fixtures/${rel}`, import.meta.url))
