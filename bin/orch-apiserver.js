#!/usr/bin/env node
// The orch API server over HTTP. Built from server/ by `npm run build` (run by `npm install`).
import { main } from '../dist/server/main.js';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
