/**
 * The parts of Vega a static chart uses: its parser, its view and scenegraph,
 * and the data transforms Vega-Lite's line, point, bar and rule charts
 * compile to. `import 'vega'` also loads and registers the geographic,
 * force, hierarchy, label, regression, Voronoi, word-cloud and crossfilter
 * transforms (d3-geo-projection alone is 109 modules): about 150 ms of CPU
 * that a one-report build paid for its one chart, and each chart worker
 * for its start.
 */
import {extend} from 'vega-util'
import {transforms} from 'vega-dataflow'
import * as tx from 'vega-transforms'
import * as vtx from 'vega-view-transforms'
import * as encode from 'vega-encode'

extend(transforms, tx, vtx, encode)

export * from 'vega-scenegraph'
export {parse} from 'vega-parser'
export {View} from 'vega-view'
export {changeset} from 'vega-dataflow'
export {expressionFunction} from 'vega-functions'
