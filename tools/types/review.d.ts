/* Generated from schemas/review.schema.json by tools/types/generate.js (npm run types). Do not edit. */

/**
 * A comparison's verdict (tools/derive, docs/statistics.md "Verdicts"): the 95 % interval beyond the margin is faster or slower (direction-aware: lower latency is faster), inside it equivalent, else inconclusive; a side measured once is a single run.
 *
 * This interface was referenced by `Review`'s JSON-Schema
 * via the `definition` "verdict".
 */
export type Verdict = 'faster' | 'slower' | 'equivalent' | 'inconclusive' | 'single_run'

/**
 * What `benchdoc review --format json` prints: the changes of report data and narratives since BASE, with the verdicts they touch and what looks wrong. The Markdown, github and text formats show the same content.
 */
export interface Review {
  /**
   * This schema's $id.
   */
  $schema: 'https://benchdoc.dev/schemas/review.schema.json'
  /**
   * What the working tree was compared with.
   */
  base: {
    /**
     * BASE as named, with the merge base when BASE has moved on since the branch left it: `origin/main (merge base 1a2b3c4)`.
     */
    name: string
    /**
     * The commit compared with (the merge base).
     */
    commit: string | null
  }
  /**
   * The --fail-on setting the exit code follows.
   */
  fail_on: 'error' | 'regression' | 'never'
  /**
   * The exit code of the command: 1 when --fail-on is met, else 0.
   */
  exit_code: 0 | 1
  summary: Summary
  /**
   * Each report whose data or narrative changed, by id.
   */
  reports: Report[]
  /**
   * Narrative figures the data no longer has (`unknown-figure`) and translations left stale, incomplete or unfaithful by this change: problems found now and not at BASE.
   */
  drift: Problem[]
}
/**
 * What a reviewer reads first.
 *
 * This interface was referenced by `Review`'s JSON-Schema
 * via the `definition` "summary".
 */
export interface Summary {
  /**
   * Reports changed, added and removed.
   */
  reports: {
    changed: number
    added: number
    removed: number
  }
  /**
   * Count of the changed cells (added, or with a new change, interval or verdict) per new verdict.
   */
  verdicts: {
    faster: number
    slower: number
    equivalent: number
    inconclusive: number
    single_run: number
  }
  /**
   * Changed cells whose verdict changed (not only their change or interval).
   */
  changed: number
  /**
   * Changed cells now slower that were not slower at BASE.
   */
  regressions: number
  problems: Counts
  drift: Counts1
  /**
   * One line per workload × compared subject whose points, headline or cell verdicts changed.
   */
  workloads: {
    report: string
    workload: string
    subject: string
    /**
     * The throughput measure of the headline.
     */
    metric: string
    /**
     * The derived headline (mean of the per-point % changes over the baseline), else the stated one, at BASE and now; null when there is none.
     */
    headline: {
      old: number | null
      new: number | null
    }
    /**
     * The workload headline's verdict at BASE and now.
     */
    verdict: {
      old: Verdict | null
      new: Verdict | null
    }
    /**
     * The workload headline's verdict with its estimate at BASE and now (null on a side without one): change (ratio of the geometric means, in %) and its 95 % interval (null for single runs); null when there is no headline verdict.
     */
    estimate: null | {
      old: Judged | null
      new: Judged | null
    }
    /**
     * `sign`: the headline changed sign; `verdict`: its verdict changed between faster, slower and equivalent.
     */
    flips: ('sign' | 'verdict')[]
  }[]
}
/**
 * Validation problems of the new versions of the changed data files, suspicious figures included.
 */
export interface Counts {
  errors: number
  warnings: number
}
/**
 * Problems in `drift`.
 */
export interface Counts1 {
  errors: number
  warnings: number
}
/**
 * A cell or headline on one side: % change over the baseline, its interval (null for a single run) at its confidence `level` in % (95, or more under a stopping rule), and verdict.
 *
 * This interface was referenced by `Review`'s JSON-Schema
 * via the `definition` "judged".
 */
export interface Judged {
  change: number
  low: number | null
  high: number | null
  verdict: Verdict
  level: number
}
/**
 * This interface was referenced by `Review`'s JSON-Schema
 * via the `definition` "report".
 */
export interface Report {
  id: string
  /**
   * Of the data file; `changed` also when only narratives changed.
   */
  status: 'changed' | 'added' | 'removed'
  /**
   * Why the figures were not compared (a side is not valid report data), else null.
   */
  not_compared: string | null
  /**
   * Validation problems of the new version.
   */
  problems: Problem[]
  /**
   * Points matched by subject × workload × threads × clients.
   */
  points: {
    changed: {
      point: PointId
      /**
       * Each measure whose value differs; change: % of new over old (null when unknown).
       */
      measures: {
        measure: string
        old: Figure
        new: Figure
        change: number | null
      }[]
    }[]
    added: PointFigures[]
    removed: PointFigures[]
  }
  /**
   * Derived and stated headlines per workload and compared subject, old → new, where either changed.
   */
  headlines: {
    workload: string
    subject: string
    metric: string
    derived: {
      old: number | null
      new: number | null
    }
    stated: {
      old: Figure | null
      new: Figure | null
    }
  }[]
  /**
   * Other fields by path; `old` or `new` is left out when the field is absent on that side; `lines` for multi-line text.
   */
  fields: {
    path: string
    old?: unknown
    new?: unknown
    lines?: {
      removed: string[]
      added: string[]
    }
  }[]
  /**
   * Comparison cells (subject × workload × threads × clients × dimensions × measure against the baseline) whose change, interval or verdict differs from BASE; old or new null when the cell is not on that side.
   */
  cells: {
    subject: string
    workload: string
    threads: number
    clients: number
    /**
     * The point's dimension values, when it has any: cells that differ only by one are different cells.
     */
    dimensions?: {
      [k: string]: number
    }
    measure: string
    old: Judged | null
    new: Judged | null
    /**
     * Now slower, and not slower at BASE.
     */
    regression: boolean
  }[]
  /**
   * Narrative files changed, per language.
   */
  narratives: {
    lang: string
    change: {
      status: 'changed' | 'added' | 'removed'
      /**
       * Front matter changed.
       */
      front: boolean
      /**
       * `{#id}` of the H2 sections changed, added and removed.
       */
      sections: {
        changed: string[]
        added: string[]
        removed: string[]
      }
    }
  }[]
}
/**
 * A problem with its place, as `path:line:col: severity: message [rule]` in the other formats.
 *
 * This interface was referenced by `Review`'s JSON-Schema
 * via the `definition` "problem".
 */
export interface Problem {
  file: string
  line: number
  col: number
  severity: 'error' | 'warning'
  message: string
  rule: string
}
/**
 * This interface was referenced by `Review`'s JSON-Schema
 * via the `definition` "pointId".
 */
export interface PointId {
  subject: string
  workload: string
  threads: number
  clients: number
}
/**
 * A recorded figure and the decimals it was written with.
 *
 * This interface was referenced by `Review`'s JSON-Schema
 * via the `definition` "figure".
 */
export interface Figure {
  value: number | null
  decimals: number
}
/**
 * This interface was referenced by `Review`'s JSON-Schema
 * via the `definition` "pointFigures".
 */
export interface PointFigures {
  point: PointId
  figures: {
    measure: string
    figure: Figure
  }[]
}
/**
 * This interface was referenced by `Review`'s JSON-Schema
 * via the `definition` "counts".
 */
export interface Counts2 {
  errors: number
  warnings: number
}
