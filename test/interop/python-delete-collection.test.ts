/**
 * A DELETE of a collection through the python client (/usr/bin/python3 with the `kubernetes`
 * package) against orch-apiserver over HTTP: the answer is the list of the deleted objects, as
 * the real server's; the client's typed call takes it without error. The script is
 * python/delete_collection.py.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/index.ts';
import { PYTHON, pythonScript, runPython } from '../support/python.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await server?.shutdown();
});

it('the python client deletes a collection and gets the deleted ConfigMaps back', async () => {
  expect(existsSync(PYTHON), `${PYTHON} (with the kubernetes package) is needed`).toBe(true);
  const { code, stdout, stderr } = await runPython(pythonScript('delete_collection.py'), server.url);
  expect(code, stderr).toBe(0);
  expect(JSON.parse(stdout)).toEqual({
    typed: { type: 'V1Status', kind: 'ConfigMapList', apiVersion: 'v1' },
    raw: { status: 200, kind: 'ConfigMapList', names: ['d3', 'd4'], data: [{ k: 'd3' }, { k: 'd4' }] },
    left: [],
  });
});
