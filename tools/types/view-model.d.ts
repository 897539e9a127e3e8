/* Generated from schemas/view-model.schema.json by tools/types/generate.js (npm run types). Do not edit. */

/**
 * What a report page receives (tools/site/view-model.js, written to .benchdoc/data/reports/<id>.json): every figure written as printed, every table with its columns, each date per language, the sections in order. The Hugo templates lay it out and decide nothing.
 */
export interface ViewModel {
  id: string
  /**
   * Data text: a string, or what each language shows ({en: {text, lang}}, tools/i18n/data-text.js); null when the data has none.
   */
  title: unknown
  kind: 'comparison' | 'single'
  product: string
  /**
   * The data's source, or null.
   */
  source: unknown
  /**
   * Earlier addresses of the published report by language, for the Markdown export's front matter.
   */
  aliases: {
    [k: string]: string[]
  }
  metric: 'qps' | 'tps'
  date: string | null
  date_text: {
    [k: string]: string
  } | null
  date_full: string | null
  /**
   * Data text: a string, or what each language shows ({en: {text, lang}}, tools/i18n/data-text.js); null when the data has none.
   */
  place: unknown
  /**
   * Data text: a string, or what each language shows ({en: {text, lang}}, tools/i18n/data-text.js); null when the data has none.
   */
  author: unknown
  /**
   * The data's environment, localised (for the Markdown export).
   */
  environment: import('./report.js').Environment
  /**
   * The environment section as the page prints it.
   */
  environment_page: {
    cloud: Fact[]
    hardware: FactTable[]
    /**
     * Items: Data text: a string, or what each language shows ({en: {text, lang}}, tools/i18n/data-text.js); null when the data has none.
     */
    notes: unknown[]
    client: FactTable | null
    software: Fact[]
    software_table: FactTable | null
    components: {
      name: string
      table: FactTable
    }[]
  }
  /**
   * The data's topology (for the Markdown export).
   */
  topology: import('./report.js').Host[]
  topology_rows: {
    hosts: string[]
    instances: {
      component: string
      count: number
    }[]
  }[]
  dimensions: {
    name: string
    label: string
    unit: string
    component?: string
  }[]
  has_points: boolean
  has_components: boolean
  downloads: {
    csv: string
    json: string
    spec: string
    markdown: string
  }
  /**
   * Facts the Markdown export carries in its front matter (tools/export/facts.js).
   */
  export: import('../export/facts.js').ExportFacts
  subjects: Subject[]
  subject_labels: string[]
  baseline: string | null
  compared: string[]
  /**
   * The version section's facts.
   */
  version: Fact[]
  overview: Overview
  results: Results
  parameters: Parameter[]
  /**
   * The data's plan, localised (for the Markdown export): a driver per subject joined (`mysql, pgsql`).
   */
  plan: Omit<import('./report.js').Plan, 'db_driver'> & {db_driver?: string}
  plan_page: PlanPage
  commands: Command[]
  workloads: ExportWorkload[]
  /**
   * The export's summary table.
   */
  summary: SummaryRow[]
  narrative: {
    [k: string]: Narrative | null
  }
  sections: {
    [k: string]: Section[]
  }
  narrative_languages: string[]
  by_lang?: {
    [k: string]: Named
  }
  /**
   * Each chart's image per language, added once rendered (tools/site/report-charts.js).
   */
  charts?: {
    [k: string]: {
      [k: string]: {}
    }
  }
}
/**
 * A fact of a definition list: its label key and its value (items joined in the language's way, data text, a label key, or a date written per language).
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "fact".
 */
export interface Fact {
  label: string
  items?: Label[]
  /**
   * Data text: a string, or what each language shows ({en: {text, lang}}, tools/i18n/data-text.js); null when the data has none.
   */
  text?: unknown
  key?: string
  datetime?: string
  by_lang?: {
    [k: string]: string
  }
  code?: boolean
}
/**
 * A label the page writes in its language (tools/site/figure-table.js): an i18n `key` with `args`, `keys` (arguments that are i18n keys), `labels` (arguments that are labels) and a `unit`; or a literal `text`; or `parts` joined with `sep`.
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "label".
 */
export interface Label {
  key?: string
  args?: {
    [k: string]: string | number
  }
  keys?: {
    [k: string]: string
  }
  labels?: {
    [k: string]: Label
  }
  unit?: string
  text?: string
  parts?: Label[]
  sep?: string
}
/**
 * A table of data facts with the columns some row has, in order.
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "factTable".
 */
export interface FactTable {
  title: string
  columns: string[]
  rows: {}[]
  labels?: {
    [k: string]: string
  }
  code?: string[]
}
/**
 * A subject: the data's fields with its name on pages (`label`), its version line name (`named`) and what a partial run has not measured.
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "subject".
 */
export interface Subject {
  id: string
  label: string
  named: string
  partial: {
    pending: {
      workload: string
      threads: string[]
    }[]
  } | null
  product: string
  version: string
  variant?: string
  db_driver?: string
  run?: object
  components?: {
    name: string
    version?: string
    git_hash?: string
  }[]
}
/**
 * The overview and the latency summary (tools/site/overview-model.js), and what the index shows of each workload.
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "overview".
 */
export interface Overview {
  table: FigureTable | null
  /**
   * The confidence of the intervals in %, as written (`95`; under a stopping rule, e.g. `98.3`).
   */
  confidence: string
  /**
   * What the changes are, said once under the table.
   */
  bases: ('geometric_mean' | 'mean_of_points' | 'stated')[]
  legend: {
    margin: string
  } | null
  beside: {
    mean_of_points: Beside[]
    stated: Beside[]
  }
  stated_only: boolean
  latency: FigureTable | null
  card: {
    workload: string
    changes: ({
      text: string | null
      verdict: string | null
      basis: 'geometric_mean' | 'mean_of_points' | 'stated'
    } | null)[]
    best: ({
      text: string | null
    } | null)[]
  }[]
}
/**
 * A table of figures: header rows, then rows of cells; the columns are decided here, once (layouts/_partials/report/figure-table.html lays it out).
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "figureTable".
 */
export interface FigureTable {
  class: string
  head: HeadCell[][]
  rows: Cell[][]
}
/**
 * A header cell of a table of figures.
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "headCell".
 */
export interface HeadCell {
  label: Label
  colspan?: number
  rowspan?: number
  scope: 'col' | 'colgroup'
}
/**
 * A cell as printed: `text` (null: the language's missing mark), its number for sorting (`value`), a row header or a workload's name linked to `anchor`, notes under the figure, a verdict and interval, or a failed point's error over `colspan` columns.
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "cell".
 */
export interface Cell {
  text: string | null
  value?: number
  row_header?: boolean
  workload?: string
  anchor?: string
  notes?: Label[]
  verdict?: VerdictMark
  interval?: {
    low: string
    high: string
    /**
     * The interval's confidence in %, formatted, when not 95 (a report measured under a stopping rule).
     */
    level?: string
  }
  failed?: string
  colspan?: number
  kind?: 'num' | 'change' | 'text'
}
/**
 * A verdict beside a change: its mark (▲ ▼ follow the sign; = ?) and the i18n key of its word for the measure.
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "verdictMark".
 */
export interface VerdictMark {
  verdict: 'faster' | 'slower' | 'equivalent' | 'inconclusive'
  mark: string
  word: string
}
/**
 * A figure of the second method (or the authors'), for the overview's footnote.
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "beside".
 */
export interface Beside {
  workload: string
  subject: string | null
  change: string
}
/**
 * The results section: what its figures are, how to read the verdicts, each workload.
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "results".
 */
export interface Results {
  method: Label[]
  howto: Label | null
  workloads: WorkloadResults[]
}
/**
 * One workload of the results section.
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "workloadResults".
 */
export interface WorkloadResults {
  name: string
  anchor: string
  note_id: string
  has_points: boolean
  /**
   * Planned in a report that has points, but no point of it measured: its block says so.
   */
  unmeasured: boolean
  /**
   * What holds for every point, said once above the table.
   */
  stated: Label[]
  table: FigureTable | null
  details: FigureTable | null
  charts: Chart[]
}
/**
 * A chart of a workload: its path in `charts` (LANG for the language), its spec download, and its caption's sentences.
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "chart".
 */
export interface Chart {
  path: string
  spec: string | null
  caption: Label[]
}
/**
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "parameter".
 */
export interface Parameter {
  /**
   * Whether the block opens with its heading: false for a block of the same component, subjects and workloads as the one before, which it follows under that heading.
   */
  heading: boolean
  /**
   * Data text: a string, or what each language shows ({en: {text, lang}}, tools/i18n/data-text.js); null when the data has none.
   */
  component: unknown
  format: string
  content: string
  fence: string
  /**
   * Data text: a string, or what each language shows ({en: {text, lang}}, tools/i18n/data-text.js); null when the data has none.
   */
  note: unknown
  subjects: string[] | null
  workloads: string[] | null
}
/**
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "plan_page".
 */
export interface PlanPage {
  settings: Fact[]
  workloads: {
    name: string
    threads: string[]
    options: string[]
  }[]
  workload_columns: {
    threads: boolean
    options: boolean
  }
  /**
   * Items: Data text: a string, or what each language shows ({en: {text, lang}}, tools/i18n/data-text.js); null when the data has none.
   */
  steps: unknown[]
  /**
   * What the thread counts of several clients mean, with an example from the plan's thread counts; null for one client.
   */
  clients_note: Label | null
}
/**
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "command".
 */
export interface Command {
  subject: string | null
  prepare: string
  run: string
}
/**
 * A workload as the Markdown export and the charts read it (tools/site/export-model.js); the page does not.
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "exportWorkload".
 */
export interface ExportWorkload {
  name: string
  anchor: string
  note_id: string
  measures: string[]
  has_points: boolean
  dimensions: {
    name: string
    label: string
    unit: string
    component?: string
  }[]
  rows: {
    coordinates: {
      threads: number
      clients: number
      dimensions: {
        [k: string]: number
      }
    }
    threads: number
    clients: number
    cells: {
      subject: string
      figures:
        | {
            measure: string
            value: number | null
            decimals: number
            text: string | null
          }[]
        | null
      intervals: {
        throughput: {
          subject: string
          workload: string
          key: string
          measure: string
          mean: number
          low: number
          high: number
        } | null
        p95: {
          subject: string
          workload: string
          key: string
          measure: string
          mean: number
          low: number
          high: number
        } | null
      }
      error: string | null
    }[]
  }[]
  chart: string | null
  timeseries: string | null
  spec: string | null
}
/**
 * A figure the authors stated, for the export's summary table.
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "summaryRow".
 */
export interface SummaryRow {
  workload: string
  subject: string
  stated: string
}
/**
 * A language's narrative: each section's Markdown (for the export) and the sanitized HTML its page shows (a translation's section of no text yet shows the source's, named in `untranslated`), and the note of a stale translation.
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "narrative".
 */
export interface Narrative {
  stale: {
    sections: number
    source: string | null
  } | null
  title: string | null
  intro: string | null
  purpose: string | null
  conclusions: string | null
  problems: string | null
  advice: string | null
  unmapped: string | null
  notes: {
    [k: string]: string
  }
  html: {
    intro: string | null
    purpose: string | null
    conclusions: string | null
    problems: string | null
    advice: string | null
    unmapped: string | null
    notes: {
      [k: string]: string
    }
  }
  /**
   * The sections and notes the page shows in the source's language, by id: that language.
   */
  untranslated: {
    [k: string]: string
  }
}
/**
 * A section the page shows, in order: its anchor, the i18n key of its heading, and the partial that renders it (report/<partial>.html).
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "section".
 */
export interface Section {
  id: string
  title: string
  partial: string
}
/**
 * The fields that name subjects or write counts, for a language that names them or writes them otherwise (`1200` in zh).
 *
 * This interface was referenced by `ViewModel`'s JSON-Schema
 * via the `definition` "named".
 */
export interface Named {
  subjects: Subject[]
  subject_labels: string[]
  baseline: string | null
  compared: string[]
  version: Fact[]
  plan_page: PlanPage
  overview: Overview
  results: Results
  parameters: Parameter[]
  commands: Command[]
  workloads: ExportWorkload[]
  summary: SummaryRow[]
}
