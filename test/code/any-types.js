/**
 * Where JSDoc types of a file say `any`: in the braces of a JSDoc tag
 * (`@type {any}`, `@param {Record<string, any>} x`, casts and typedefs
 * alike), each with its line. Not a test file.
 */
import {readFileSync} from 'node:fs'

/**
 * @param {string} file
 * @returns {Array<{line: number, text: string}>}  one entry per `any`, with the text of its line
 */
export function anyTypes(file) {
  const text = readFileSync(file, 'utf8')
  const lines = text.split('\n')
  /** @type {Array<{line: number, text: string}>} */
  const found = []
  for (const comment of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const start = /** @type {number} */ (comment.index)
    for (const tag of comment[0].matchAll(/@(?:type|param|returns?|typedef|property|prop|template|satisfies|this|callback)\s*\{/g)) {
      const open = start + /** @type {number} */ (tag.index) + tag[0].length - 1
      const close = matchingBrace(text, open)
      for (const a of text.slice(open, close).matchAll(/\bany\b/g)) {
        const line = text.slice(0, open + /** @type {number} */ (a.index)).split('\n').length
        found.push({line, text: lines[line - 1]})
      }
    }
  }
  return found
}

/** @param {string} text @param {number} open  index of a `{` */
function matchingBrace(text, open) {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++
    else if (text[i] === '}' && --depth === 0) return i
  }
  return text.length
}
