/**
 * The length of every function in a JavaScript file, by TypeScript's parser:
 * declarations, expressions, arrows and methods, each from its first line to
 * its last (nested functions count in the function that holds them, and on
 * their own). Not a test file.
 */
import {readFileSync} from 'node:fs'
import ts from 'typescript'

/**
 * @param {string} file  path to read
 * @param {string} [shown]  the name in the result
 * @returns {Array<{name: string, line: number, lines: number}>}
 */
export function functionLengths(file, shown = file) {
  const text = readFileSync(file, 'utf8')
  const source = ts.createSourceFile(shown, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS)
  /** @type {Array<{name: string, line: number, lines: number}>} */
  const found = []
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      found.push({name: nameOf(node), line: start + 1, lines: end - start + 1})
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** @param {ts.Node} node */
function nameOf(node) {
  const named = /** @type {{name?: ts.Node}} */ (node).name
  if (named && ts.isIdentifier(named)) return named.text
  const parent = node.parent
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text
  return '(anonymous)'
}
