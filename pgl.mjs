import { PGlite } from '@electric-sql/pglite';
let t = performance.now();
const a = new PGlite(); await a.waitReady; console.log('first open', Math.round(performance.now()-t));
t = performance.now();
const b = new PGlite(); await b.waitReady; console.log('second open', Math.round(performance.now()-t));
t = performance.now();
const dump = await a.dumpDataDir('none'); console.log('dump', Math.round(performance.now()-t), dump.size);
t = performance.now();
const c = new PGlite({ loadDataDir: dump }); await c.waitReady; console.log('open from dump', Math.round(performance.now()-t));
