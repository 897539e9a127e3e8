/**
 * The parts of Vega a static chart uses: parser, view, scenegraph and the
 * transforms Vega-Lite's line, point, bar and rule charts compile to.
 * `import 'vega'` also loads geographic, force, word-cloud… transforms:
 * about 150 ms of CPU at every chart worker's start.
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
