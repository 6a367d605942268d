#!/usr/bin/env node
// The orch API server over HTTP: the bundle `npm run build` makes (run by `npm install`).
import '../dist/orch-apiserver.mjs';
