/**
 * A review as data, for tools that post or gate on it (schemas/review.schema.json):
 * figures as derived, not rounded; places as file:line:col.
 */

/** The `$id` of schemas/review.schema.json, carried by every review. */
export const REVIEW_SCHEMA = 'https://benchdoc.dev/schemas/review.schema.json'

/**
 * @param {import('./format.js').Review} review
 * @param {import('./summary.js').FailOn} failOn
 * @param {number} exitCode
 */
export function reviewJson(review, failOn, exitCode) {
  const value = {
    $schema: REVIEW_SCHEMA,
    base: {name: review.base, commit: review.commit ?? null},
    fail_on: failOn,
    exit_code: exitCode,
    summary: review.summary,
    reports: review.reports.map((r) => ({
      id: r.id,
      status: r.data?.status ?? 'changed',
      not_compared: r.notCompared ?? null,
      problems: r.problems ?? [],
      points: r.data?.points ?? {changed: [], added: [], removed: []},
      headlines: r.data?.headlines ?? [],
      fields: r.data?.fields ?? [],
      cells: r.verdicts?.cells ?? [],
      narratives: r.narratives
    })),
    drift: review.drift
  }
  return `${JSON.stringify(value, null, 2)}\n`
}
