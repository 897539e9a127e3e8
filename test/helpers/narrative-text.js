/**
 * The prose of the generated reports: sections of a narrative in en, zh and
 * ja, each sentence written three times with the same facts, so that a
 * translation says what its source says and its figures (per-workload %
 * changes, throughput at a thread count, p95 latency) restate the report's
 * data. Written for the bench, in our own words.
 *
 * @typedef {'en' | 'zh' | 'ja'} Lang
 * @typedef {{
 *   subject: string, pct: string, up: boolean
 * }} Change  a subject's mean % change over the baseline in a workload, as written (no sign)
 * @typedef {{
 *   name: string, title: string, min: number, max: number, changes: Change[],
 *   gap: {threads: number, subject: string, value: string, base: string} | null,
 *   p95: {threads: number, subject: string, ms: string} | null
 * }} WorkloadFacts  in one language: the workload's title as its labels write it
 * @typedef {{
 *   base: string, others: string, newest: string, metric: string, machines: number, tables: number, rows: string,
 *   time: number, min: number, max: number, workloads: WorkloadFacts[]
 * }} Facts  a report's facts, subjects named as the page in that language names them
 * @typedef {Record<Lang, (f: Facts, w: WorkloadFacts) => string>} Sentence  one sentence (or paragraph, or list item) in each language
 */

/**
 * A sentence that states no fact of the report, in each language.
 * @param {string} en @param {string} zh @param {string} ja
 * @returns {Sentence}
 */
const same = (en, zh, ja) => ({en: () => en, zh: () => zh, ja: () => ja})

/** Each section's heading, in each language. @type {Record<string, Record<Lang, (w?: WorkloadFacts) => string>>} */
export const HEADINGS = {
  purpose: {en: () => 'Purpose', zh: () => '测试目的', ja: () => 'テストの目的'},
  workload: {en: (w) => `Notes on ${w?.title}`, zh: (w) => `${w?.title}说明`, ja: (w) => `${w?.title} についての補足`},
  conclusions: {en: () => 'Conclusions', zh: () => '测试结论', ja: () => '結論'},
  problems: {en: () => 'Problems found', zh: () => '遇到的问题', ja: () => '発生した問題'},
  advice: {en: () => 'Advice', zh: () => '建议', ja: () => '推奨事項'},
  unmapped: {en: () => 'Text of the original not placed in the sections above', zh: () => '未归入以上各节的原文', ja: () => '各章に振り分けられなかった原文'}
}

/** Paragraphs of `purpose`, the first always, then as many as the length asks. @type {Sentence[]} */
export const PURPOSE = [
  {
    en: (f) => `This report compares ${f.others} with ${f.base} under the same sysbench load, to see whether moving to ${f.newest} is worth planning for.`,
    zh: (f) => `本报告在相同的 sysbench 测试场景下比较 ${f.others} 与 ${f.base}，以判断是否值得切换为 ${f.newest}。`,
    ja: (f) => `本レポートでは ${f.others} と ${f.base} を比較します。同じ sysbench の負荷のもとで、${f.newest} への移行を計画する価値があるかを確かめます。`
  },
  {
    en: (f) => `Every subject ran on the same ${f.machines} machines with the same settings; only the software under test changed between runs.`,
    zh: (f) => `所有被测对象都运行在相同的 ${f.machines} 台机器上，配置一致；两轮测试之间只更换了被测软件。`,
    ja: (f) => `すべての対象を同じ ${f.machines} 台のマシン上、同じ設定で動かしました。実行ごとに変えたのはテスト対象のソフトウェアだけです。`
  },
  {
    en: (f) => `The data set has ${f.tables} tables of ${f.rows} rows each, prepared once and analysed before the first run. Each point ran for ${f.time} seconds.`,
    zh: (f) => `数据集包含 ${f.tables} 张表，每张 ${f.rows} 行，只准备一次，并在第一轮之前执行了 ANALYZE。每个测试点运行 ${f.time} 秒。`,
    ja: (f) => `データセットは ${f.tables} 個のテーブル（各 ${f.rows} 行）で、一度だけ準備し、最初の実行の前に ANALYZE しました。各ポイントは ${f.time} 秒実行しました。`
  },
  {
    en: (f) => `The thread counts run from ${f.min} to ${f.max}, so that the highest of them keeps the servers busy. Throughput and latency are all this report looks at; what is new in ${f.newest} is left for another one.`,
    zh: (f) => `线程数从 ${f.min} 到 ${f.max}，最高的线程数足以让服务器保持满负荷。本报告只关注吞吐量和延迟，${f.newest} 的新功能留待另一份报告讨论。`,
    ja: (f) => `スレッド数は ${f.min} から ${f.max} までで、最も高い値でサーバーが常に忙しくなるようにしました。本レポートが扱うのはスループットとレイテンシだけで、${f.newest} の新機能は別のレポートに譲ります。`
  },
  same(
    'The numbers are those of one cluster on one day. Read them as a comparison of the subjects, not as the highest figures the software can reach.',
    '这些数字来自某一天的一套集群。请把它们视为被测对象之间的对比，而不是软件所能达到的最高性能。',
    'これらの数値は、ある日に単一のクラスターで測ったものです。ソフトウェアが到達できる最高値ではなく、対象どうしの比較として読んでください。'
  )
]

/** Paragraphs of a workload's note. @type {Sentence[]} */
export const NOTE = [
  {
    en: (_, w) => `This workload ran from ${w.min} to ${w.max} threads. Beyond that, the servers' CPU was already saturated and the figures only grew noisier.`,
    zh: (_, w) => `该测试场景的线程数从 ${w.min} 到 ${w.max}。再往上，服务器的 CPU 已经饱和，数据只会更加不稳定。`,
    ja: (_, w) => `このワークロードは ${w.min} から ${w.max} スレッドで実行しました。それ以上ではサーバーの CPU がすでに飽和し、数値のばらつきが増えるだけでした。`
  },
  {
    en: (_, w) => `Before each run of \`${w.name}\` the tables were prepared again, so that every subject started from the same data.`,
    zh: (_, w) => `每次运行 \`${w.name}\` 之前都会重新准备数据表，保证每个被测对象从相同的数据开始。`,
    ja: (_, w) => `\`${w.name}\` の各実行の前にテーブルを準備し直し、どの対象も同じデータから始めるようにしました。`
  },
  {
    en: (f, w) => (w.gap ? `At ${w.gap.threads} threads ${w.gap.subject} reached ${w.gap.value} ${f.metric}, against ${w.gap.base} for ${f.base}.` : `${f.base} is the only subject measured here.`),
    zh: (f, w) => (w.gap ? `在 ${w.gap.threads} 线程时，${w.gap.subject} 达到 ${w.gap.value} ${f.metric}，${f.base} 为 ${w.gap.base}。` : `这里只测量了 ${f.base}。`),
    ja: (f, w) => (w.gap ? `${w.gap.threads} スレッドでは ${w.gap.subject} が ${w.gap.value} ${f.metric} に達し、${f.base} は ${w.gap.base} でした。` : `ここで測定したのは ${f.base} だけです。`)
  }
]

/** A workload's change, one list item per subject compared. @type {Sentence} */
export const CHANGE = {
  en: (f, w) => w.changes.map((c) => `- In ${w.title}, ${c.subject} serves ${c.pct}% ${c.up ? 'more' : 'less'} ${f.metric} than ${f.base} on average over the thread counts.`).join('\n'),
  zh: (f, w) => w.changes.map((c) => `- 在${w.title}测试场景中，${c.subject} 的 ${f.metric} 平均比 ${f.base} ${c.up ? '高' : '低'} ${c.pct}%。`).join('\n'),
  ja: (f, w) => w.changes.map((c) => `- ${w.title} では、${c.subject} の ${f.metric} は ${f.base} より平均 ${c.pct}% ${c.up ? '高い' : '低い'}結果でした。`).join('\n')
}

/** List items of `conclusions` after the changes. @type {Sentence[]} */
export const CONCLUSIONS = [
  {
    en: (f, w) => (w.gap ? `- The widest gap in ${w.title} is at ${w.gap.threads} threads: ${w.gap.value} against ${w.gap.base} ${f.metric}.` : ''),
    zh: (f, w) => (w.gap ? `- ${w.title}测试场景中差距最大的是 ${w.gap.threads} 线程：${w.gap.value} 对 ${w.gap.base} ${f.metric}。` : ''),
    ja: (f, w) => (w.gap ? `- ${w.title} で差が最も大きいのは ${w.gap.threads} スレッドで、${w.gap.value} 対 ${w.gap.base} ${f.metric} でした。` : '')
  },
  {
    en: (_, w) => (w.p95 ? `- The p95 latency grows with the thread count in every workload; at ${w.p95.threads} threads in ${w.title} it reaches ${w.p95.ms} ms for ${w.p95.subject}.` : ''),
    zh: (_, w) => (w.p95 ? `- 各测试场景的 p95 延迟都随线程数增长；在${w.title}测试场景的 ${w.p95.threads} 线程时，${w.p95.subject} 达到 ${w.p95.ms} 毫秒。` : ''),
    ja: (_, w) => (w.p95 ? `- どのワークロードでも p95 レイテンシはスレッド数とともに増え、${w.title} の ${w.p95.threads} スレッドでは ${w.p95.subject} が ${w.p95.ms} ms に達しました。` : '')
  },
  same(
    '- None of the workloads reached a plateau within the tested range.',
    '- 在测试范围内，没有一个测试场景的吞吐量达到上限。',
    '- テストした範囲では、どのワークロードのスループットも頭打ちになりませんでした。'
  ),
  same(
    '- The comparison holds for this hardware and these settings only.',
    '- 以上对比仅适用于本次的硬件和配置。',
    '- この比較は今回のハードウェアと設定にのみ当てはまります。'
  )
]

/** List items of `problems`. @type {Sentence[]} */
export const PROBLEMS = [
  {
    en: (_, w) => `- **A slow first run.** The first run of ${w.title} came out well below the others: the buffer pool was still cold, so it was run again after a warm-up.`,
    zh: (_, w) => `- **第一轮偏慢。** ${w.title}测试场景的第一轮结果明显低于其余各轮：缓冲池尚未预热，因此在预热后重新运行。`,
    ja: (_, w) => `- **最初の実行が遅い。** ${w.title} の最初の実行は他より大幅に低い結果でした。バッファプールがまだ温まっていなかったため、ウォームアップ後にやり直しました。`
  },
  {
    en: (f) => `- **Throughput dips.** At ${f.max} threads the throughput fell for a few seconds at a time while the disks flushed.`,
    zh: (f) => `- **吞吐量抖动。** 在 ${f.max} 线程时，磁盘刷写期间吞吐量会短暂下降几秒。`,
    ja: (f) => `- **スループットの落ち込み。** ${f.max} スレッドでは、ディスクのフラッシュ中にスループットが数秒ずつ落ち込みました。`
  },
  same(
    '- **A busy client.** One sysbench client used a whole core at the highest thread count, so a second client host was added.',
    '- **客户端饱和。** 最高线程数下，一个 sysbench 客户端就占满了一个 CPU 核，因此增加了第二台客户端主机。',
    '- **クライアントの飽和。** 最多のスレッド数では sysbench クライアントの CPU コアが飽和したため、クライアントホストを追加しました。'
  )
]

/** List items of `advice`. @type {Sentence[]} */
export const ADVICE = [
  {
    en: (f) => `- Run each point for at least ${f.time} seconds and keep the monitoring data of every run.`,
    zh: (f) => `- 每个测试点至少运行 ${f.time} 秒，并保留每一轮的监控数据。`,
    ja: (f) => `- 各ポイントは少なくとも ${f.time} 秒実行し、すべての実行の監視データを残してください。`
  },
  same(
    '- Prepare the tables again before a write-heavy workload, or its results depend on the runs before it.',
    '- 在写入密集的测试场景之前重新准备数据表，否则结果会受到之前各轮的影响。',
    '- 書き込みの多いワークロードの前にはテーブルを準備し直してください。そうしないと結果がそれ以前の実行に左右されます。'
  ),
  same(
    '- Keep the load generator on a machine of its own, so that it takes no CPU from the servers under test.',
    '- 将压测客户端部署在单独的机器上，避免它占用被测服务器的 CPU。',
    '- 負荷生成ツールは専用のマシンに置き、テスト対象のサーバーの CPU を奪わないようにしてください。'
  ),
  same(
    '- Compare versions at the same thread counts: curves measured at other points cannot be compared point by point.',
    '- 请在相同的线程数下比较各个版本：线程数不同的曲线无法逐点比较。',
    '- バージョンは同じスレッド数で比較してください。異なるポイントで測った曲線は点ごとに比較できません。'
  )
]

/**
 * What an import leaves unmapped: a summary table of one workload that
 * restates its figures, and the layout of the cluster as a code block.
 * @param {Lang} lang @param {Facts} f @param {WorkloadFacts} w
 * @param {Array<{threads: number, values: string[]}>} rows  figures of each subject at each thread count, as the page writes them
 * @param {string[]} subjects  the table's columns after the threads
 */
export function unmappedText(lang, f, w, rows, subjects) {
  const caption = {en: `### ${w.title}: ${f.metric} at each thread count`, zh: `### ${w.title}：各线程数的 ${f.metric}`, ja: `### ${w.title}：スレッド数ごとの ${f.metric}`}[lang]
  const threads = {en: 'Threads', zh: '线程数', ja: 'スレッド数'}[lang]
  const table = [`| ${threads} | ${subjects.join(' | ')} |`, `| --- |${subjects.map(() => ' ---: |').join('')}`, ...rows.map((r) => `| ${r.threads} | ${r.values.join(' | ')} |`)]
  const layout = Array.from({length: Math.min(f.machines, 4)}, (_, k) => `10.0.${k + 1}.10    ${k === 0 ? 'sysbench' : 'server'}`)
  return [caption, '', ...table, '', '```', ...layout, '```'].join('\n')
}
