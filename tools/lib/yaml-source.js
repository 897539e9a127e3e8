import {LineCounter, isMap, isScalar, isSeq, parseDocument} from 'yaml'

/**
 * A YAML file parsed with the place of every node, so that problems found in
 * the data (not only syntax errors) can name a line and column.
 *
 * @typedef {{line: number, col: number}} Place
 * @typedef {{
 *   file: string,
 *   data: unknown,
 *   syntaxErrors: Array<{message: string, place: Place}>,
 *   placeOf: (path: Array<string | number>, key?: boolean) => Place,
 *   sourceOf: (path: Array<string | number>) => string | undefined
 * }} SourceDoc
 */

/**
 * @param {string} file  name used in messages
 * @param {string} text  YAML source
 * @returns {SourceDoc}
 */
export function parseYamlSource(file, text) {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, {lineCounter, prettyErrors: false, uniqueKeys: true})

  /** @param {number} offset */
  const place = (offset) => {
    const {line, col} = lineCounter.linePos(offset)
    return {line, col}
  }

  /**
   * Walk to the deepest node that exists on `path`.
   * @param {Array<string | number>} path
   * @param {boolean} wantKey  the key node of the last segment rather than its value
   */
  const nodeAt = (path, wantKey) => {
    /** @type {any} */
    let node = doc.contents
    for (let i = 0; i < path.length; i++) {
      const seg = path[i]
      const last = i === path.length - 1
      if (isMap(node)) {
        const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(seg))
        if (!pair) return node
        if (last && wantKey) return pair.key
        node = pair.value ?? pair.key
      } else if (isSeq(node)) {
        const item = node.items[Number(seg)]
        if (!item) return node
        node = item
      } else {
        return node
      }
    }
    return node
  }

  return {
    file,
    data: doc.errors.length > 0 ? undefined : doc.toJS(),
    syntaxErrors: doc.errors.map((e) => ({
      message: e.message.split('\n')[0],
      place: place(e.pos[0])
    })),
    placeOf(path, key = false) {
      const node = nodeAt(path, key)
      return node?.range ? place(node.range[0]) : {line: 1, col: 1}
    },
    sourceOf(path) {
      const node = nodeAt(path, false)
      return isScalar(node) && typeof node.source === 'string' ? node.source : undefined
    }
  }
}

/**
 * Turn a JSON pointer (ajv's instancePath) into path segments.
 * @param {string} pointer
 * @returns {string[]}
 */
export function pointerToPath(pointer) {
  if (pointer === '') return []
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
}
