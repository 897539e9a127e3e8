import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {parse} from 'yaml'
import {describe, expect, test} from 'vitest'
import {MARKER} from '../../tools/review/format.js'
import {ROOT} from '../helpers/paths.js'

// actionlint checks these files in `make test` (make lint-workflows); these
// tests hold what actionlint cannot know: that the pieces fit each other.

/** @param {string} name @returns {any} */
const workflow = (name) => parse(readFileSync(join(ROOT, '.github/workflows', name), 'utf8'))

describe('the pull-request workflows', () => {
  const review = workflow('benchdoc.yml')
  const comment = workflow('benchdoc-comment.yml')
  const steps = /** @type {any[]} */ (review.jobs.review.steps)
  const text = JSON.stringify(steps)

  test('should review pull requests that touch data, content, i18n or layouts, with a read-only token and the full history', () => {
    expect(review.on.pull_request.paths).toEqual(['data/**', 'content/**', 'i18n/**', 'layouts/**'])
    expect(review.permissions).toEqual({contents: 'read'})
    expect(steps[0].uses).toBe('actions/checkout@v4')
    expect(steps[0].with['fetch-depth']).toBe(0)
  })

  test('should write the github review to the job summary, upload it, validate, check translations and upload the site, with the installed benchdoc', () => {
    expect(text).toContain('npx benchdoc review \\"origin/$BASE_REF\\" --format github --fail-on error > review.md')
    expect(text).toContain('cat review.md >> \\"$GITHUB_STEP_SUMMARY\\"')
    const uploads = steps.filter((s) => s.uses === 'actions/upload-artifact@v4').map((s) => s.with.name)
    expect(uploads).toEqual(['benchdoc-review', 'site-preview'])
    expect(steps.map((s) => s.run ?? '').filter((r) => r.startsWith('npm ') || r.startsWith('npx benchdoc ') && !r.includes('review'))).toEqual([
      'npm install --no-audit --no-fund',
      'npx benchdoc validate',
      'npx benchdoc i18n check',
      'npx benchdoc setup',
      'npx benchdoc build'
    ])
  })

  test('should post from a workflow_run of the review workflow, finding its comment by the review\'s marker', () => {
    expect(comment.on.workflow_run.workflows).toEqual([review.name])
    expect(comment.permissions).toEqual({actions: 'read', 'pull-requests': 'write'})
    const [download, post] = comment.jobs.comment.steps
    expect(download.with.name).toBe('benchdoc-review')
    expect(post.uses).toBe('actions/github-script@v7')
    expect(post.with.script).toContain(`const marker = '${MARKER}'`)
    expect(post.with.script).toContain('if (pr.head.sha !== run.head_sha)')
  })
})

describe('the Pages workflow', () => {
  test('should build with the installed benchdoc on pushes to main and deploy with Pages', () => {
    const pages = workflow('pages.yml')
    expect(pages.on.push.branches).toEqual(['main'])
    expect(pages.jobs.build.steps.map((/** @type {any} */ s) => s.uses ?? s.run)).toEqual([
      'actions/checkout@v4',
      'actions/setup-node@v4',
      'npm install --no-audit --no-fund\nnpx benchdoc setup\n',
      'actions/configure-pages@v5',
      'npx benchdoc build',
      'actions/upload-pages-artifact@v3'
    ])
    expect(pages.jobs.deploy.steps[0].uses).toBe('actions/deploy-pages@v4')
  })
})
