#!/usr/bin/env node
// The orch API server over HTTP. Runs the bundle `npm run build` makes (run by `npm install`),
// compiled with a V8 code cache kept beside it: Node 20 has no compile cache of its own, and
// compiling the bundle plus the functions start-up calls was ~80 ms of a ~300 ms start (bench P3).
// A missing, stale or rejected cache only costs that time: the bundle is compiled from source and
// a fresh cache is written once the server is serving.
// CommonJS (bin/package.json), not an ES module: Node's ESM loader costs ~10 ms before line one.
'use strict';
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');

const bundle = join(__dirname, '../dist/orch-apiserver.cjs');
// V8 rejects a cache made by another V8 or with other flags; the version in the name keeps two
// Node versions sharing one install from overwriting each other's cache forever.
const cacheFile = `${bundle}.${process.versions.v8}.v8-cache`;

let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  // none yet
}
// latin1: the build leaves the bundle ASCII (scripts/ascii-bundle.js), and this is its fastest read.
const script = new Script(Module.wrap(readFileSync(bundle, 'latin1')), { filename: bundle, cachedData });
const loaded = { exports: {} };
script.runInThisContext()(loaded.exports, Module.createRequire(bundle), loaded, bundle, dirname(bundle));

/** After start-up, so the cache holds the functions start-up compiled too (not only the top level). */
function saveCache() {
  if (cachedData && !script.cachedDataRejected) return;
  setTimeout(() => {
    try {
      const tmp = `${cacheFile}.${process.pid}`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, cacheFile); // atomic: servers starting together never read half a cache
    } catch {
      // a read-only install: start-up just stays uncached
    }
  }, 500).unref();
}

loaded.exports.run(process.argv.slice(2), { onServing: saveCache });
