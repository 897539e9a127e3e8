import {NARRATIVE_SECTIONS} from '../domain/index.js'

/**
 * What a section of a published report is for, from its heading and anchor:
 * names change between eras and languages, so each role has one pattern over all.
 *
 * @typedef {'purpose' | 'meta' | 'environment' | 'executor' | 'plan' | 'results' | 'problems' | 'advice' | 'conclusions'} Role
 */

/** @type {Array<[Role, RegExp]>} */
const ROLES = [
  ['meta', /(版本|version|バージョン).*(时间|日期|time|date|時間|日付)|(时间|日期|time|date|時間|日付).*(地点|place|場所)/i],
  ['problems', /问题|problem|issues|問題/i],
  ['advice', /建议|advice|recommend|推奨|アドバイス/i],
  ['conclusions', /小结|总结|结论|conclusion|summary|まとめ|結論/i],
  ['results', /结果|result|結果/i],
  ['executor', /executor|エグゼキュータ|実行者|压测机|客户端|client machine/i],
  ['environment', /环境|environment|環境|hardware|硬件|ハードウェア/i],
  ['plan', /方案|plan|計画|步骤|steps|手順|procedure|method/i],
  ['purpose', /目的|purpose|背景|background|概述|概要|概况|概览|overview|introduction|简介|はじめに|objective/i]
]

/**
 * @param {string} text  heading text
 * @param {string | null} anchor  `{#anchor}` id
 * @returns {Role | null}
 */
export function sectionRole(text, anchor) {
  const probe = `${text} ${anchor ? anchor.replace(/-/g, ' ') : ''}`
  for (const [role, re] of ROLES) if (re.test(probe)) return role
  return null
}

/** Roles whose prose becomes a section of the narrative file: its sections but `unmapped`. */
export const NARRATIVE_ROLES = NARRATIVE_SECTIONS.filter((id) => id !== 'unmapped')

/** @param {string | null} role @returns {boolean} */
export const isNarrativeRole = (role) => NARRATIVE_ROLES.some((id) => id === role)
