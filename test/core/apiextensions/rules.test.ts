/**
 * CEL validation rules of custom resources (x-kubernetes-validations, also spelled
 * x-orch-validations), checked on every write: plain rules, messageExpression, reason and
 * fieldPath, transition rules that compare with the stored object, and rules that are not run
 * when the schema's own checks already failed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, inProcess, type Target } from '../../support/targets.ts';
import { causeKeys } from '../../support/validation.ts';
import { installCRD } from './crd-support.ts';

const RULED = '/apis/example.com/v1/namespaces/default/ruleds';

function ruledCRD(): any {
  return {
    apiVersion: 'apiextensions.orch.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'ruleds.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'ruleds', kind: 'Ruled' },
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
                  properties: {
                    replicas: { type: 'integer' },
                    min: { type: 'integer' },
                    max: { type: 'integer' },
                    mode: { type: 'string', 'x-orch-validations': [{ rule: 'self == oldSelf', message: 'mode is immutable' }] },
                  },
                  'x-kubernetes-validations': [
                    { rule: 'self.replicas <= 10', message: 'at most ten replicas' },
                    {
                      rule: '!has(self.min) || !has(self.max) || self.min <= self.max',
                      messageExpression: "'min ' + string(self.min) + ' is above max ' + string(self.max)",
                      fieldPath: '.min',
                      reason: 'FieldValueForbidden',
                    },
                  ],
                },
              },
            },
          },
        },
      ],
    },
  };
}

const ruled = (name: string, spec: Record<string, unknown>) => ({ apiVersion: 'example.com/v1', kind: 'Ruled', metadata: { name }, spec });

let t: Target;
beforeAll(async () => {
  t = await inProcess();
  await installCRD(t, ruledCRD());
});
afterAll(() => t.close());

describe('CEL rules of custom resources', () => {
  it('accept an object that keeps them', async () => {
    expect((await call(t, 'POST', RULED, ruled('ok', { replicas: 3, min: 1, max: 2, mode: 'a' }))).status).toBe(201);
  });

  it('refuse an object that breaks one, with its message at the rule’s node', async () => {
    const res = await call(t, 'POST', RULED, ruled('many', { replicas: 11 }));
    expect(causeKeys(res)).toEqual(['spec FieldValueInvalid']);
    expect(res.body.message).toBe('Ruled.example.com "many" is invalid: spec: Invalid value: "object": at most ten replicas');
  });

  it('use messageExpression, reason and fieldPath', async () => {
    const res = await call(t, 'POST', RULED, ruled('range', { replicas: 1, min: 5, max: 2 }));
    expect(causeKeys(res)).toEqual(['spec.min FieldValueForbidden']);
    expect(res.body.details.causes[0].message).toBe('Forbidden: min 5 is above max 2');
  });

  it('run transition rules against the stored object on update only', async () => {
    const created = await call(t, 'POST', RULED, ruled('moded', { replicas: 1, mode: 'a' }));
    expect(created.status).toBe(201);
    const changed = await call(t, 'PUT', `${RULED}/moded`, { ...created.body, spec: { ...created.body.spec, mode: 'b' } });
    expect(causeKeys(changed)).toEqual(['spec.mode FieldValueInvalid']);
    expect(changed.body.details.causes[0].message).toBe('Invalid value: "string": mode is immutable');
    const kept = await call(t, 'PUT', `${RULED}/moded`, { ...created.body, spec: { ...created.body.spec, replicas: 2 } });
    expect(kept.status).toBe(200);
  });

  it('are not run when the schema already refused the object', async () => {
    const res = await call(t, 'POST', RULED, ruled('typed', { replicas: 'x' }));
    expect(causeKeys(res)).toEqual(['spec.replicas FieldValueTypeInvalid', '<nil> FieldValueInvalid']);
    expect(res.body.details.causes[1].message).toBe(
      'Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation',
    );
  });
});
