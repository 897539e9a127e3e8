import {hash} from 'node:crypto'

/**
 * The digest a translation records for each source section: edits a
 * translator would not see (line endings, trailing spaces, blank-line runs,
 * Unicode composition) keep it.
 */

/** Hex digits of a digest. */
export const DIGEST_LENGTH = 12

/**
 * @param {string} markdown  a section's Markdown, without its heading
 */
export function normaliseMarkdown(markdown) {
  return markdown
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/**
 * First 12 hex digits of the SHA-256 of the normalised Markdown.
 * @param {string} markdown
 */
export function sectionDigest(markdown) {
  // the one-shot hash: a build digests every section of every source narrative
  return hash('sha256', normaliseMarkdown(markdown), 'hex').slice(0, DIGEST_LENGTH)
}
