import {createServer} from 'node:http'
import {existsSync, readFileSync, statSync} from 'node:fs'
import {extname, join, normalize} from 'node:path'

const TYPES = {'.html': 'text/html; charset=utf-8', '.css': 'text/css', '.svg': 'image/svg+xml', '.js': 'text/javascript'}

/**
 * Serve a built site from a folder on a free loopback port, as a static host would.
 * @param {string} dir
 * @returns {Promise<{url: string, close: () => Promise<void>}>}
 */
export function serveStatic(dir) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '')
    let file = join(dir, path)
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
    if (!existsSync(file)) {
      res.writeHead(404).end('not found')
      return
    }
    res.writeHead(200, {'content-type': TYPES[/** @type {'.html'} */ (extname(file))] ?? 'application/octet-stream'})
    res.end(readFileSync(file))
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = /** @type {import('node:net').AddressInfo} */ (server.address())
      resolve({url: `http://127.0.0.1:${address.port}`, close: () => new Promise((r) => server.close(() => r()))})
    })
  })
}
