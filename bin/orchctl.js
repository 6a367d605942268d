#!/usr/bin/env node
// orchctl, the command-line client. Runs the bundle `npm run build` makes (dist/orchctl.cjs),
// compiled with a V8 code cache kept beside it, as bin/orch-apiserver.js does: a client's whole
// run is its start, and compiling the bundle from source is most of it. A missing, stale or
// rejected cache only costs that time; a fresh one is written after the first run.
// CommonJS (bin/package.json), not an ES module: Node's ESM loader costs ~10 ms before line one.
'use strict';
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');

const bundle = join(__dirname, '../dist/orchctl.cjs');
// Not named *.v8-cache: the build and the package test look for orch-apiserver's cache by that suffix.
const cacheFile = `${bundle}.${process.versions.v8}.code-cache`;

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

loaded.exports.run(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  if (cachedData && !script.cachedDataRejected) return;
  try {
    const tmp = `${cacheFile}.${process.pid}`;
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, cacheFile); // atomic: clients starting together never read half a cache
  } catch {
    // a read-only install: starts just stay uncached
  }
});
