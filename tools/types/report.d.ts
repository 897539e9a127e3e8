/* Generated from schemas/report.schema.json by tools/types/generate.js (npm run types). Do not edit. */

/**
 * Free text a page shows, written once or per language. A plain string is shown as written on every page: use it for names and codes that read the same in every language (`TiKV`, `CentOS 7.4`). Text in a language is a mapping of language code to text plus `source`, the language it was written in: `{source: zh, zh: 操作系统, en: Operating system}`. A page whose language is missing shows the source text, marked with its `lang`; `benchdoc i18n check` lists what is untranslated.
 *
 * This interface was referenced by `Report`'s JSON-Schema
 * via the `definition` "text".
 */
export type Text =
  | string
  | {
      /**
       * The language the text was written in; its text must be present.
       */
      source: string
      [k: string]: string
    }
/**
 * Threads or clients: 1 to 100,000.
 *
 * This interface was referenced by `Report`'s JSON-Schema
 * via the `definition` "count".
 */
export type Count = number
/**
 * A measured number, or null when unknown.
 *
 * This interface was referenced by `Report`'s JSON-Schema
 * via the `definition` "nullableNumber".
 */
export type NullableNumber = number | null
/**
 * Queries or transactions per second of a point: more than 0, or null when unknown (a failed point has `error` instead).
 *
 * This interface was referenced by `Report`'s JSON-Schema
 * via the `definition` "throughput".
 */
export type Throughput = number | null
/**
 * A latency in ms: 0 or more, or null when unknown.
 *
 * This interface was referenced by `Report`'s JSON-Schema
 * via the `definition` "latency".
 */
export type Latency = number | null

/**
 * One benchmark report: what was tested, on what, how, and every measured point. Numbers are recorded once here; every percentage, mean and chart is derived from them by tools/derive.
 */
export interface Report {
  /**
   * The version of this schema the file was written for; benchdoc writes its current one. A file without it is of version 1. A newer benchdoc reads older versions; when one changed incompatibly, `benchdoc migrate` rewrites the file, which is refused with that advice until then. A version newer than the reading benchdoc is refused: upgrade benchdoc.
   */
  schema_version?: number
  /**
   * Stable identifier; also the file name (data/reports/<id>.yaml) and the page slug.
   */
  id: string
  /**
   * Optional title (localisable text). Without it the title is generated from the subjects with the translated label `report_title`.
   */
  title?:
    | string
    | {
        /**
         * The language the text was written in; its text must be present.
         */
        source: string
        [k: string]: string
      }
  /**
   * `comparison`: two or more subjects measured the same way and compared with the baseline; `single`: one subject.
   */
  kind: 'comparison' | 'single'
  /**
   * When the test was run: YYYY, YYYY-MM or YYYY-MM-DD.
   */
  date?: string
  /**
   * Where the test was run (city, data centre or cloud region), as written by its authors (localisable text).
   */
  place?:
    | string
    | {
        /**
         * The language the text was written in; its text must be present.
         */
        source: string
        [k: string]: string
      }
  /**
   * Who ran and wrote up the test (localisable text: a name as each language writes it).
   */
  author?:
    | string
    | {
        /**
         * The language the text was written in; its text must be present.
         */
        source: string
        [k: string]: string
      }
  /**
   * Where the report came from when it was imported: the published file and its language, and, for a report published several times (`benchdoc import DIR`: every language, every doc version), the other files with the same results.
   */
  source?: {
    /**
     * File name of the published report; its path under the folder imported (`v6.0/benchmark/x.md`) when a folder was.
     */
    file?: string
    /**
     * Address of the published report.
     */
    url?: string
    /**
     * Language of the published report, as the site names it (`en`, `zh`, `ja`, or one added with `benchdoc i18n add-language`).
     */
    lang?: string
    /**
     * The documentation version folder the file sits in (`v6.0`, `dev`), when it sits in one.
     */
    doc_version?: string
    /**
     * The other files that published the same results (translations, copies in other doc-version folders), each with its language and doc version.
     *
     * @minItems 1
     */
    aliases?: {
      /**
       * Path under the folder imported.
       */
      file: string
      /**
       * Language of the file, as the site names it.
       */
      lang: string
      /**
       * Its documentation version folder.
       */
      doc_version?: string
    }[]
  }
  /**
   * Earlier addresses of the published report in each language's documentation site (its front matter's `aliases`, kept by `benchdoc import` under the language it read), written back into that language's Markdown export so that old links keep working.
   */
  aliases?: {
    /**
     * @minItems 1
     */
    [k: string]: string[]
  }
  /**
   * Product under test when all subjects share it, e.g. `TiDB`. Used in the generated title.
   */
  product?: string
  /**
   * The systems measured. For a comparison the first is the baseline unless `baseline` names another.
   *
   * @minItems 1
   */
  subjects: Subject[]
  /**
   * Id of the subject that the others are compared with (comparison only). Defaults to the first subject.
   */
  baseline?: string
  /**
   * The throughput measure that % changes and headlines are computed from: `tps` (transactions/s) or `qps` (queries/s). Defaults to `tps` when every compared point has it, else `qps`.
   */
  metric?: 'tps' | 'qps'
  /**
   * Coordinates of a point beside threads and clients, declared once: e.g. table size in rows, or TiDB nodes in a scaling test. Every point carries a value for each.
   */
  dimensions?: Dimension[]
  environment?: Environment
  /**
   * Cluster topology: which instances run on which host.
   */
  topology?: Host[]
  /**
   * Configuration applied to components, in the order shown.
   */
  parameters?: Parameter[]
  plan: Plan
  /**
   * Measured points: one per subject × workload × thread count (× clients × dimension values). A value that was not measured or not published is `null` or left out, never 0.
   */
  results?: Point[]
  /**
   * How comparison cells are judged (docs/statistics.md, "Verdicts"): a change whose 95 % interval lies beyond ±margin is faster or slower, inside it equivalent, else inconclusive.
   */
  verdict?: {
    /**
     * The practical margin δ in %: changes within ±margin count as no difference. Default 2.
     */
    margin?: number
    /**
     * Estimate the noise from the residuals of every point of the workload (true, the default), or of the cell's two points only (false).
     */
    pool?: boolean
  }
  /**
   * Per-workload figures as stated by the authors: the % change of a subject over the baseline. When points exist the validator checks each against the derived figure; when they do not (results published only as images) these are all the report has.
   */
  headlines?: Headline[]
}
/**
 * This interface was referenced by `Report`'s JSON-Schema
 * via the `definition` "subject".
 */
export interface Subject {
  /**
   * Short key used by results, parameters and headlines, e.g. `v6.0.0`.
   */
  id: string
  /**
   * Label shown on pages and charts, verbatim. Defaults to the name tools/derive/subjects.js composes from product, version and variant.
   */
  label?: string
  /**
   * Configuration or mode that tells this subject from others of the same product and version, e.g. `Tuning mode`, `Host network`, or in several languages: `{source: en, en: Tuning mode, zh: 调优模式}`. Shown with the subject, in the page's language, wherever it is named.
   */
  variant?:
    | string
    | {
        /**
         * The language the text was written in; its text must be present.
         */
        source: string
        [k: string]: string
      }
  /**
   * sysbench --db-driver of this subject, when the report's subjects differ in it (MariaDB against PostgreSQL); else the plan's `db_driver` holds for every subject. `benchdoc run` sets it. The page shows each such subject's own commands.
   */
  db_driver?: 'mysql' | 'pgsql'
  /**
   * Provenance when the subject was measured by `benchdoc run`: the run record beside the raw logs, and how far the run got.
   */
  run?: {
    /**
     * The run record (plan, exact commands with secrets redacted, environment), relative to the report file.
     */
    record: string
    /**
     * `complete`: every point of the plan ran; `partial`: interrupted or stopped on an error (`benchdoc run --resume` continues it).
     */
    status: 'complete' | 'partial'
    /**
     * When the run started, ISO 8601 UTC.
     */
    started?: string
    /**
     * When the last point was written, ISO 8601 UTC.
     */
    finished?: string
  }
  /**
   * Product name, e.g. `TiDB`, `MariaDB`.
   */
  product: string
  /**
   * Version as published, e.g. `v6.0.0 DMR`.
   */
  version: string
  /**
   * Versions and git hashes of the subject's components (TiDB, TiKV, PD …).
   */
  components?: {
    /**
     * Component name.
     */
    name: string
    /**
     * Component version.
     */
    version?: string
    /**
     * Full git commit hash the component was built from.
     */
    git_hash?: string
  }[]
}
/**
 * This interface was referenced by `Report`'s JSON-Schema
 * via the `definition` "dimension".
 */
export interface Dimension {
  /**
   * Key of the dimension in each point's `dimensions`, e.g. `table_size`, `tidb_nodes`.
   */
  name: string
  /**
   * i18n key of the column and axis title, e.g. `dimension_table_size` (i18n/<lang>.yaml).
   */
  label: string
  /**
   * What the values count: `rows` (per table), `nodes` (of one component), `tables`.
   */
  unit: 'rows' | 'nodes' | 'tables'
  /**
   * For `nodes`: the component counted, e.g. `TiDB`.
   */
  component?: string
}
/**
 * What the test ran on.
 *
 * This interface was referenced by `Report`'s JSON-Schema
 * via the `definition` "environment".
 */
export interface Environment {
  /**
   * Cloud provider, region and machine image, when the test ran in a cloud.
   */
  cloud?: {
    /**
     * e.g. `AWS`.
     */
    provider?: string
    /**
     * e.g. `us-west-2`.
     */
    region?: string
    /**
     * Machine image, e.g. `CentOS-7.6.1810-Nitro (ami-028946f4cffc8b916)`.
     */
    image?: string
    /**
     * Managed service tier, e.g. `TiDB Dedicated`.
     */
    service?: string
  }
  /**
   * Hardware as instance types: one row per role.
   */
  instances?: {
    /**
     * Component or service, e.g. `TiKV`, `Sysbench`.
     */
    role: string
    /**
     * Cloud instance type, e.g. `c5d.4xlarge`.
     */
    instance_type?: string
    /**
     * Node size when no instance type is named, e.g. `16 vCPU, 32 GiB`.
     */
    size?: string
    /**
     * Number of instances.
     */
    count?: number | null
    /**
     * Storage per node, e.g. `1000 GiB`.
     */
    storage?: string
  }[]
  /**
   * Hardware as machine specifications: one row per machine or group of identical machines.
   */
  machines?: {
    /**
     * Host name or (masked) address.
     */
    host?: string
    /**
     * Number of identical machines this row stands for.
     */
    count?: number
    /**
     * CPU model and cores (localisable text).
     */
    cpu?:
      | string
      | {
          /**
           * The language the text was written in; its text must be present.
           */
          source: string
          [k: string]: string
        }
    /**
     * Memory, e.g. `256G`.
     */
    memory?: string
    /**
     * Disks.
     */
    disk?: string
    /**
     * Operating system.
     */
    os?: string
  }[]
  /**
   * The machine that ran sysbench.
   */
  client?: {
    /**
     * Cloud instance type.
     */
    instance_type?: string
    /**
     * Host name or address.
     */
    host?: string
    /**
     * CPU model.
     */
    cpu?: string
    /**
     * Logical CPUs.
     */
    cores?: number
    /**
     * Memory.
     */
    memory?: string
    /**
     * Operating system and kernel.
     */
    os?: string
  }
  /**
   * Operating system of the servers.
   */
  os?: string
  /**
   * Sysbench version, e.g. `1.0.20`.
   */
  sysbench?: string
  /**
   * Other software and its versions.
   */
  software?: {
    /**
     * Software name (localisable text).
     */
    name:
      | string
      | {
          /**
           * The language the text was written in; its text must be present.
           */
          source: string
          [k: string]: string
        }
    /**
     * What it is used for (localisable text).
     */
    purpose?:
      | string
      | {
          /**
           * The language the text was written in; its text must be present.
           */
          source: string
          [k: string]: string
        }
    /**
     * Version(s) (localisable text).
     */
    version:
      | string
      | {
          /**
           * The language the text was written in; its text must be present.
           */
          source: string
          [k: string]: string
        }
  }[]
  /**
   * Facts about the environment that fit no field, e.g. NUMA layout.
   */
  notes?: Text[]
}
/**
 * This interface was referenced by `Report`'s JSON-Schema
 * via the `definition` "host".
 */
export interface Host {
  /**
   * One or more hosts with the same deployment.
   *
   * @minItems 1
   */
  hosts: string[]
  /**
   * What runs on each of these hosts.
   *
   * @minItems 1
   */
  instances: {
    /**
     * e.g. `TiDB`, `Sysbench`.
     */
    component: string
    /**
     * Instances per host.
     */
    count?: number
  }[]
}
/**
 * This interface was referenced by `Report`'s JSON-Schema
 * via the `definition` "parameter".
 */
export interface Parameter {
  /**
   * Free text a page shows, written once or per language. A plain string is shown as written on every page: use it for names and codes that read the same in every language (`TiKV`, `CentOS 7.4`). Text in a language is a mapping of language code to text plus `source`, the language it was written in: `{source: zh, zh: 操作系统, en: Operating system}`. A page whose language is missing shows the source text, marked with its `lang`; `benchdoc i18n check` lists what is untranslated.
   */
  component:
    | string
    | {
        /**
         * The language the text was written in; its text must be present.
         */
        source: string
        [k: string]: string
      }
  /**
   * Language of `content`, used for highlighting.
   */
  format: 'toml' | 'yaml' | 'sql' | 'text' | 'ini'
  /**
   * The configuration, verbatim.
   */
  content: string
  /**
   * Subjects it applies to. Absent: all (never an empty list, which would say none).
   *
   * @minItems 1
   */
  subjects?: string[]
  /**
   * Workloads it applies to. Absent: all (never an empty list, which would say none).
   *
   * @minItems 1
   */
  workloads?: string[]
  /**
   * Free text a page shows, written once or per language. A plain string is shown as written on every page: use it for names and codes that read the same in every language (`TiKV`, `CentOS 7.4`). Text in a language is a mapping of language code to text plus `source`, the language it was written in: `{source: zh, zh: 操作系统, en: Operating system}`. A page whose language is missing shows the source text, marked with its `lang`; `benchdoc i18n check` lists what is untranslated.
   */
  note?:
    | string
    | {
        /**
         * The language the text was written in; its text must be present.
         */
        source: string
        [k: string]: string
      }
}
/**
 * How sysbench was run. The prepare and run commands on the page are generated from this.
 *
 * This interface was referenced by `Report`'s JSON-Schema
 * via the `definition` "plan".
 */
export interface Plan {
  /**
   * sysbench --db-driver.
   */
  db_driver?: 'mysql' | 'pgsql'
  /**
   * Database the tables live in (--mysql-db).
   */
  database?: string
  /**
   * sysbench --tables.
   */
  tables?: number | null
  /**
   * sysbench --table-size: rows per table.
   */
  table_size?: number | null
  /**
   * sysbench --time: seconds measured per point.
   */
  time?: number | null
  /**
   * sysbench --warmup-time: seconds run before measuring.
   */
  warmup_time?: number | null
  /**
   * How the warm-up is left out. `warmup-time` (default): sysbench 1.1's --warmup-time. `checkpoint`: for sysbench 1.0, which lacks it, --time is extended by the warm-up and --report-checkpoints at the warm-up's end resets the statistics, so the final figures cover only the measured time.
   */
  warmup_method?: 'warmup-time' | 'checkpoint'
  /**
   * sysbench --report-interval, seconds.
   */
  report_interval?: number | null
  /**
   * sysbench --rand-type.
   */
  rand_type?: 'uniform' | 'gaussian' | 'special' | 'pareto' | 'zipfian' | null
  /**
   * The stopping rule the points' repeats were measured under (`benchdoc run` with `repeats: {min, max, margin}`): every verdict of the report then uses an interval valid however the rule stopped (docs/statistics.md, "Repeats that stop").
   */
  repeats?: {
    /**
     * Rounds before the rule could stop a point.
     */
    min: number
    /**
     * Rounds at most.
     */
    max: number
    /**
     * The margin δ in % the rule stopped on.
     */
    margin: number
  }
  /**
   * Threads used by `prepare`.
   */
  prepare_threads?: number | null
  /**
   * Parallel sysbench processes per point (e.g. one per TiDB server). Default 1.
   */
  clients?: number
  /**
   * Whether `ANALYZE TABLE` ran on every table after prepare.
   */
  analyze?: boolean
  /**
   * Seconds between points.
   */
  pause?: number
  /**
   * Extra sysbench options, by sysbench's name without dashes, e.g. `mysql-ignore-errors: 1062,2013`.
   */
  options?: {
    [k: string]: string | number | boolean
  }
  /**
   * Further steps of the plan as short phrases, in order, e.g. restoring a backup between points (localisable text).
   */
  steps?: Text[]
  /**
   * Workloads in the order shown, each with its thread counts.
   *
   * @minItems 1
   */
  workloads: {
    /**
     * sysbench test name, e.g. `oltp_point_select`.
     */
    name: string
    /**
     * Thread counts per client, in order (leave the key out where they are not known).
     *
     * @minItems 1
     */
    threads?: Count[]
    /**
     * sysbench options for this workload only.
     */
    options?: {
      [k: string]: string | number | boolean
    }
  }[]
}
/**
 * This interface was referenced by `Report`'s JSON-Schema
 * via the `definition` "point".
 */
export interface Point {
  /**
   * Subject id.
   */
  subject: string
  /**
   * Workload name from the plan.
   */
  workload: string
  /**
   * Threads or clients: 1 to 100,000.
   */
  threads: number
  /**
   * Threads or clients: 1 to 100,000.
   */
  clients?: number
  /**
   * Version of sysbench whose output gave this point, as its banner says (`0.4.12`, `0.5`, `1.0.20`), where it can differ from the environment's: `benchdoc collect` records it for every point.
   */
  sysbench?: string
  /**
   * The point's value of each dimension the report declares, by name, e.g. `{table_size: 10000000}`.
   */
  dimensions?: {
    [k: string]: number
  }
  /**
   * Queries per second, summed over clients.
   */
  qps?: number | null
  /**
   * Transactions per second, summed over clients.
   */
  tps?: number | null
  /**
   * Average latency, ms.
   */
  latency_avg?: number | null
  /**
   * 95th percentile latency, ms.
   */
  latency_p95?: number | null
  /**
   * Maximum latency, ms.
   */
  latency_max?: number | null
  /**
   * Ignored errors per second.
   */
  errors?: number | null
  /**
   * Reconnects per second.
   */
  reconnects?: number | null
  /**
   * Why the point has no figures (the run failed).
   */
  error?: string
  /**
   * With repeats: relative spread (max − min) / median of the throughput, %.
   */
  spread?: number | null
  /**
   * Runs this point's median is taken over; with `samples`, their number.
   */
  repeats?: number
  /**
   * With repeats: every repeat's own figures, in the order they ran, so intervals and verdicts are recomputed from data (tools/derive/verdict.js). The point's figures are their medians.
   *
   * @minItems 1
   */
  samples?: {
    /**
     * Position of this repeat in the run's sequence of measurements across subjects (1 = first), showing how repeats were interleaved.
     */
    order?: number
    /**
     * Queries per second in this repeat.
     */
    qps?: number | null
    /**
     * Transactions per second in this repeat.
     */
    tps?: number | null
    /**
     * Average latency in this repeat, ms.
     */
    latency_avg?: number | null
    /**
     * 95th percentile latency in this repeat, ms.
     */
    latency_p95?: number | null
    /**
     * Maximum latency in this repeat, ms.
     */
    latency_max?: number | null
    /**
     * Ignored errors per second in this repeat.
     */
    errors?: number | null
    /**
     * Reconnects per second in this repeat.
     */
    reconnects?: number | null
  }[]
  /**
   * Raw sysbench output this point came from, relative to the report file.
   */
  log?: string
  /**
   * Throughput over time from sysbench's --report-interval lines, summed over clients, warm-up left out, time counted from the end of the warm-up; averaged into at most 120 entries. With repeats, the series of the repeat closest to the median.
   *
   * @maxItems 120
   */
  intervals?: {
    /**
     * Seconds since measuring began, at the end of the interval.
     */
    t: number
    /**
     * Queries per second in the interval, summed over clients.
     */
    qps?: number | null
    /**
     * Transactions per second in the interval, summed over clients.
     */
    tps?: number | null
    /**
     * 95th percentile latency in the interval, ms; with several clients the highest of theirs (an upper bound).
     */
    latency_p95?: number | null
  }[]
}
/**
 * This interface was referenced by `Report`'s JSON-Schema
 * via the `definition` "headline".
 */
export interface Headline {
  /**
   * Workload name.
   */
  workload: string
  /**
   * Subject compared; defaults to the first non-baseline subject.
   */
  subject?: string
  /**
   * Measure compared; defaults to the report's.
   */
  metric?: 'tps' | 'qps'
  /**
   * Stated % change over the baseline, e.g. 5.055 for +5.055 %.
   */
  change: number
}
