/**
 * A published report's language: real kana means Japanese (machine
 * translations keep many kanji), Han without kana Chinese, else English.
 *
 * @param {string} text
 * @returns {'en' | 'zh' | 'ja'}
 */
export function detectLang(text) {
  const kana = (text.match(/[\u3040-\u30ff]/g) ?? []).length
  const han = (text.match(/[\u4e00-\u9fff]/g) ?? []).length
  if (kana >= 10 && kana >= han * 0.1) return 'ja'
  if (han >= 10) return 'zh'
  return 'en'
}
