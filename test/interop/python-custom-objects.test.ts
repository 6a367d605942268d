/**
 * Custom resources through the python client's CustomObjectsApi (/usr/bin/python3 with the
 * `kubernetes` package) against orch-apiserver over HTTP: create (with a schema default), get,
 * list, merge patch, a CEL rule's refusal, delete. The script is python/custom_objects.py.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PYTHON, runPython } from '../support/python.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client, type CustomResourceDefinition, installCrds } from '../../controllers/index.ts';
import { startServer, type RunningServer } from '../../server/index.ts';

const SCRIPT = fileURLToPath(new URL('./python/custom_objects.py', import.meta.url));

const CRD: CustomResourceDefinition = {
  apiVersion: 'apiextensions.orch.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'gadgets.python.example.com' },
  spec: {
    group: 'python.example.com',
    scope: 'Namespaced',
    names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                properties: { size: { type: 'integer' }, colour: { type: 'string', default: 'blue' } },
                'x-orch-validations': [{ rule: 'self.size < 10', message: 'a gadget is smaller than 10' }],
              },
            },
          },
        },
      },
    ],
  },
};

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ host: '127.0.0.1', port: 0 });
  await installCrds(new Client({ fetch: (r) => fetch(r), baseUrl: server.url }), [CRD]);
});
afterAll(async () => {
  await server?.shutdown();
});

it('the python client works on custom objects: every verb, defaults, CEL refusal', async () => {
  expect(existsSync(PYTHON), `${PYTHON} (with the kubernetes package) is needed`).toBe(true);
  const { code, stdout, stderr } = await runPython(SCRIPT, server.url);
  expect(code, stderr).toBe(0);
  expect(JSON.parse(stdout)).toEqual({
    created: { name: 'g1', colour: 'blue' },
    got: { size: 1, colour: 'blue' },
    listed: ['g1', 'g2'],
    patched: { size: 3, colour: 'blue' },
    invalid: { status: 422, message: expect.stringContaining('a gadget is smaller than 10') },
    deleted: 404,
  });
});
