// kept where the site's modules look for it; the chart workers write with it too
export {writeIfChanged} from '../lib/atomic-write.js'
