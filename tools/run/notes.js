/**
 * The notes `benchdoc run` writes beside the parameters it records, in every
 * language the site renders: a run's report has no untranslated text of benchdoc's own.
 *
 * @typedef {{source: string} & Record<string, string>} LocalText
 */

/**
 * @param {string} statement  how the variables were read: `SHOW` or `SHOW GLOBAL VARIABLES`
 * @returns {LocalText}
 */
export function capturedVariablesNote(statement) {
  return {
    source: 'en',
    en: `server variables captured by benchdoc run (${statement})`,
    zh: `benchdoc run 读取的服务器变量（${statement}）`,
    ja: `benchdoc run が取得したサーバー変数（${statement}）`
  }
}

/**
 * @param {'mariadb' | 'postgresql'} engine
 * @returns {LocalText}
 */
export function serverOptionsNote(engine) {
  const [server, form] = engine === 'mariadb' ? ['mariadbd', '--name=value'] : ['postgres', '-c name=value']
  return {
    source: 'en',
    en: `server options set by the plan (server_options, given to ${server} as ${form})`,
    zh: `测试方案中设置的服务器选项（server_options，以 ${form} 形式传给 ${server}）`,
    ja: `テスト計画で指定したサーバーオプション（server_options。${form} の形式で ${server} に渡します）`
  }
}
