import {fileURLToPath} from 'node:url'

/** The project folder: schemas, i18n, layouts and config.toml live here. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '')
