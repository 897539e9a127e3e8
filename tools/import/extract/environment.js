import {readComponents, readInstances, readMachines, readSoftware, readSpec, readTopology} from '../environment.js'
import {parseCount} from '../numbers.js'
import {versionTokens} from '../subjects.js'
import {at, terms} from './state.js'

/**
 * The environment and meta facts: `Label: value` lines, facts in prose, environment tables.
 *
 * @typedef {import('./state.js').State} State
 * @typedef {import('../tables.js').Table} Table
 */

/**
 * A `Label: value` fact; true when recorded (the line is then not narrative).
 * @param {State} s
 * @param {string} label
 * @param {string} value
 * @param {import('mdast').Nodes} node
 */
export function labelFact(s, label, value, node) {
  const {environment, meta} = s
  const l = label.toLowerCase()
  if (/(版本|バージョン|version)s?$/i.test(label) && !/sysbench/i.test(label)) return versionTokens(value).length > 0
  if (/^(日時|时间|時間|日期|日付|date|time)$/i.test(l)) {
    const date = parseDate(value)
    if (date) meta.date ??= date
    return Boolean(date)
  }
  if (/^(地点|場所|place|location)$/i.test(l)) {
    meta.place ??= value
    return true
  }
  if (/^(作者|author|著者)$/i.test(l)) {
    meta.author ??= value.split(/[，,、]/)[0].trim()
    return true
  }
  if (/sysbench/i.test(label) && /版本|バージョン|version/i.test(label)) {
    const v = /\d+\.\d+(?:\.\d+)?/.exec(value)
    if (v) environment.sysbench ??= v[0]
    return Boolean(v)
  }
  return cloudFact(s, label, value, node)
}

/** @param {State} s @param {string} label @param {string} value @param {import('mdast').Nodes} node @returns {boolean} */
function cloudFact(s, label, value, node) {
  const {environment} = s
  if (/cloud\s*provider|クラウドプロバイダー|云厂商|云服务商/i.test(label)) {
    const m = /^([^()（]+?)\s*[(（]\s*([a-z]{2}-[a-z]+-\d)\s*[)）]/.exec(value)
    environment.cloud ??= {}
    environment.cloud.provider ??= (m ? m[1] : value).trim()
    if (m) environment.cloud.region ??= m[2]
    return true
  }
  if (/cluster\s*(type|tier|plan)|クラスタ(ー)?(タイプ|の種類|層|階層|ティア)|集群(类型|层级|套餐)/i.test(label)) {
    environment.cloud ??= {}
    environment.cloud.service ??= terms(s, value, at(node))
    return true
  }
  if (/region|リージョン|区域/i.test(label)) {
    environment.cloud ??= {}
    environment.cloud.region ??= value
    return true
  }
  if (s.ctx.executor && /instance\s*type|インスタンス\s*(タイプ|の種類|の型)|实例类型|机型/i.test(label)) {
    environment.client ??= {}
    environment.client.instance_type ??= value
    return true
  }
  return false
}

/**
 * Facts stated in prose; the prose itself stays in the narrative.
 * @param {State} s
 * @param {string} text
 */
export function proseFacts(s, text) {
  const {environment, meta, ctx} = s
  if (ctx.role === 'environment' || ctx.role === 'executor') {
    const provider = /\b(AWS|GCP|Google Cloud|Azure|Alibaba Cloud)\b/.exec(text)
    if (provider && !ctx.executor) {
      environment.cloud ??= {}
      environment.cloud.provider ??= provider[1]
    }
    const image = /([A-Za-z][\w.-]*\s*\(ami-[0-9a-f]+\))/.exec(text)
    if (image) {
      environment.cloud ??= {}
      environment.cloud.image ??= image[1]
    }
  }
  if (/analyze\s+table/i.test(text)) meta.analyze = true
  const pause = /间隔\s*(\d+)\s*分钟|(\d+)[- ]minutes?\s+(?:pause|break|interval)|(\d+)\s*分(?:間)?の?間隔/i.exec(text)
  if (pause) meta.pause ??= Number(pause[1] ?? pause[2] ?? pause[3]) * 60
  const warmup = /预热\s*(\d+)\s*分钟|warm(?:s|ed|ing)?[- ]?up (?:for )?(\d+) minutes?|ウォームアップ\D{0,10}(\d+)\s*分/i.exec(text)
  if (warmup) meta.warmup_time ??= Number(warmup[1] ?? warmup[2] ?? warmup[3]) * 60
  const tables = /(\d+)\s*(?:张表|个表|tables\b|個のテーブル)/i.exec(text)
  if (tables) meta.tables ??= Number(tables[1])
  const rows = /(\d[\d,]*(?:\s*万)?)\s*(?:行|rows\b)/i.exec(text)
  if (rows) {
    const n = parseCount(rows[1])
    if (n && n >= 1000) meta.table_size ??= n
  }
}

/**
 * An environment table; true when read into data.
 * @param {State} s
 * @param {import('mdast').Table} node
 * @param {Table} table
 * @param {'hashes' | 'software' | 'machines' | 'spec' | 'instances' | 'nodes' | 'topology'} kind
 * @param {string | null} itemLabel
 */
export function environmentTable(s, node, table, kind, itemLabel) {
  const {environment} = s
  switch (kind) {
    case 'hashes':
      return hashTable(s, node, table, itemLabel)
    case 'software': {
      const sw = readSoftware(table)
      if (sw.software.length === 0) return false
      environment.software = [...(environment.software ?? []), ...sw.software]
      if (sw.sysbench) environment.sysbench ??= sw.sysbench
      if (sw.os) environment.os ??= sw.os
      return true
    }
    case 'machines':
      environment.machines = [...(environment.machines ?? []), ...readMachines(table)]
      return true
    case 'spec':
      environment.machines = [...(environment.machines ?? []), readSpec(table)]
      return true
    case 'instances':
    case 'nodes':
      environment.instances = [...(environment.instances ?? []), ...readInstances(table)]
      if (table.header.some((c) => /ec2/i.test(c.text))) {
        environment.cloud ??= {}
        environment.cloud.provider ??= 'AWS'
      }
      return true
    case 'topology':
      s.topology.push(...readTopology(table))
      return true
  }
}

/** Git hashes per version. @param {State} s @param {import('mdast').Table} node @param {Table} table @param {string | null} itemLabel */
function hashTable(s, node, table, itemLabel) {
  const {ids, subjects} = s.versions
  const heading = s.ctx.headings.at(-1) ?? ''
  const found = readComponents(table, ids, `${itemLabel ?? ''} ${heading}`)
  if (found.size === 0) {
    s.say('warning', at(node), 'hash-subject', `Unexpected component table without a version (heading \`${heading}\`), expected one of: ${ids.join(', ')}; kept in the narrative`)
    return false
  }
  for (const [id, list] of found) {
    // readComponents names only subjects of `ids`
    const subject = /** @type {import('./versions.js').SubjectData} */ (subjects.find((x) => x.id === id))
    subject.components = [...(subject.components ?? []), ...list]
  }
  return true
}

/**
 * A date as published: `2018 年 4 月`, `2019年6月`, `June 2019`, `2019-06`.
 * @param {string} text
 */
export function parseDate(text) {
  const ym = /(\d{4})\s*年\s*(\d{1,2})\s*月/.exec(text) ?? /(\d{4})-(\d{1,2})/.exec(text)
  if (ym) return `${ym[1]}-${ym[2].padStart(2, '0')}`
  const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
  // `May 2022`, `Oct. 2017`, `October 20, 2017` (the day dropped, as for `2017 年 10 月 20 日`)
  const en = /\b([A-Za-z]{3})[a-z]*\.?,?\s+(?:\d{1,2}(?:st|nd|rd|th)?,?\s+)?(\d{4})\b/.exec(text)
  if (en && months.includes(en[1].toLowerCase())) return `${en[2]}-${String(months.indexOf(en[1].toLowerCase()) + 1).padStart(2, '0')}`
  const y = /^(\d{4})\s*年?$/.exec(text.trim())
  return y ? y[1] : null
}
