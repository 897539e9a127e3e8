/**
 * The measures of a point (`$defs/point`), and the groups the tools treat alike.
 * @typedef {typeof MEASURES[number]} Measure
 */

/** Throughput: higher is better. */
export const THROUGHPUTS = /** @type {const} */ (['qps', 'tps'])

/** Latencies, in ms: lower is better. */
export const LATENCIES = /** @type {const} */ (['latency_avg', 'latency_p95', 'latency_max'])

/** Counts of trouble per second: lower is better. */
export const COUNTS = /** @type {const} */ (['errors', 'reconnects'])

/** Every measure of a point, in the order result tables, exports and data files show them. */
export const MEASURES = /** @type {const} */ ([...THROUGHPUTS, ...LATENCIES, ...COUNTS])

/** The measures that make a point measured: a point with none of them has no figure. */
export const FIGURES = /** @type {const} */ ([...THROUGHPUTS, ...LATENCIES])
