import {inject} from 'vitest'

// the pools test/global/pools.js read once, where materials.js looks for them: no test file reads the real reports again
/** @type {{benchdocPools?: unknown}} */ (globalThis).benchdocPools = inject('pools')
