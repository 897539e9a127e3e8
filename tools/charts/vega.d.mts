// The types of vega.mjs: its exports are Vega's own. Its sub-packages have no types, so the
// module is .mjs (outside jsconfig's tools/**/*.js) and typed here, not checked through them.
export * from 'vega'
