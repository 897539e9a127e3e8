#!/usr/bin/env node
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {compile} from 'json-schema-to-typescript'
import {writeFileAtomic} from '../lib/atomic-write.js'

/**
 * TypeScript declarations of the data model from schemas/*.json (`npm run types`; a test checks they are current).
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** Each schema, the declaration file it gives and the name of its root type. */
export const TYPES = [
  {schema: 'schemas/report.schema.json', out: 'tools/types/report.d.ts', name: 'Report'},
  {schema: 'schemas/plan.schema.json', out: 'tools/types/plan.d.ts', name: 'Plan'},
  {schema: 'schemas/run.schema.json', out: 'tools/types/run.d.ts', name: 'RunRecord'},
  {schema: 'schemas/review.schema.json', out: 'tools/types/review.d.ts', name: 'Review'},
  {schema: 'schemas/view-model.schema.json', out: 'tools/types/view-model.d.ts', name: 'ViewModel'}
]

/**
 * @param {{schema: string, name: string}} entry
 * @param {string} [root]
 * @returns {Promise<string>}
 */
export async function generateTypes(entry, root = ROOT) {
  const schema = JSON.parse(readFileSync(join(root, entry.schema), 'utf8'))
  // The root type takes its name from the title; the $defs from their keys.
  return compile({...schema, title: entry.name}, entry.name, {
    bannerComment: `/* Generated from ${entry.schema} by tools/types/generate.js (npm run types). Do not edit. */`,
    unreachableDefinitions: true,
    // plain arrays: a non-empty tuple type for every minItems makes building data in code a cast each time; the schema checks the counts
    ignoreMinAndMaxItems: true,
    additionalProperties: false,
    cwd: join(root, 'schemas'),
    style: {singleQuote: true, semi: false, printWidth: 120}
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const entry of TYPES) {
    writeFileAtomic(join(ROOT, entry.out), await generateTypes(entry))
    process.stdout.write(`${entry.out}\n`)
  }
}
