/**
 * Writes of custom resources follow the rules of their unstructured decoding and strategy, where
 * built-in kinds are more lenient: a body must name its kind and apiVersion (the kind's own are
 * not taken from the endpoint), and an update must name the resourceVersion it replaces (no
 * unconditional update), but for a Scale, whose handler keeps the stored one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CM, inProcess, type Target } from '../../support/targets.ts';
import { installCRD, WIDGETS, widget } from './crd-support.ts';

const MERGE = { 'content-type': 'application/merge-patch+json' };
const NO_RV = 'Invalid value: 0x0: must be specified for an update';

let t: Target;
beforeAll(async () => {
  t = await inProcess();
  await installCRD(t);
});
afterAll(() => t.close());

async function created(name: string): Promise<any> {
  const res = await call(t, 'POST', WIDGETS, widget(name, { color: 'red', replicas: 1 }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('an update of a custom resource', () => {
  it('without a resourceVersion is refused, naming the resource', async () => {
    const w = await created('norv');
    const res = await call(t, 'PUT', `${WIDGETS}/norv`, widget('norv', { color: 'blue' }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      reason: 'Invalid',
      message: `widgets.example.com "norv" is invalid: metadata.resourceVersion: ${NO_RV}`,
      details: {
        name: 'norv',
        group: 'example.com',
        kind: 'widgets',
        causes: [{ reason: 'FieldValueInvalid', message: NO_RV, field: 'metadata.resourceVersion' }],
      },
    });
    expect((await call(t, 'GET', `${WIDGETS}/norv`)).body.metadata.resourceVersion).toBe(w.metadata.resourceVersion);
  });

  it.each([
    {
      name: 'put-stored',
      what: 'PUT with the stored resourceVersion',
      status: 200,
      write: (w: any) => call(t, 'PUT', `${WIDGETS}/${w.metadata.name}`, w),
    },
    {
      name: 'put-older',
      what: 'PUT with an older resourceVersion',
      status: 409,
      write: (w: any) => call(t, 'PUT', `${WIDGETS}/${w.metadata.name}`, { ...w, metadata: { ...w.metadata, resourceVersion: '1' } }),
    },
    {
      name: 'put-status',
      what: 'PUT of status without one',
      status: 422,
      write: (w: any) => call(t, 'PUT', `${WIDGETS}/${w.metadata.name}/status`, { ...widget(w.metadata.name), status: { replicas: 2 } }),
    },
    {
      name: 'put-scale',
      what: 'PUT of scale without one',
      status: 200,
      write: (w: any) =>
        call(t, 'PUT', `${WIDGETS}/${w.metadata.name}/scale`, {
          apiVersion: 'autoscaling/v1',
          kind: 'Scale',
          metadata: { name: w.metadata.name, namespace: 'default' },
          spec: { replicas: 3 },
        }),
    },
    {
      name: 'merge-patch',
      what: 'a merge patch',
      status: 200,
      write: (w: any) => call(t, 'PATCH', `${WIDGETS}/${w.metadata.name}`, { spec: { replicas: 2 } }, MERGE),
    },
    {
      name: 'apply',
      what: 'a server-side apply',
      status: 200,
      write: (w: any) =>
        call(
          t,
          'PATCH',
          `${WIDGETS}/${w.metadata.name}?fieldManager=test&force=true`,
          widget(w.metadata.name, { color: 'red', replicas: 4 }),
          {
            'content-type': 'application/apply-patch+yaml',
          },
        ),
    },
    {
      name: 'put-missing',
      what: 'PUT of a missing object',
      status: 404,
      write: () => call(t, 'PUT', `${WIDGETS}/missing`, widget('missing')),
    },
  ])('$what: $status', async ({ name, write, status }) => {
    const w = await created(name);
    const res = await write(w);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status === 422) expect(res.body.message).toBe(`widgets.example.com "${name}" is invalid: metadata.resourceVersion: ${NO_RV}`);
  });

  it('of a built-in kind is unconditional without one', async () => {
    expect((await call(t, 'POST', CM, { metadata: { name: 'uncond' }, data: { a: '1' } })).status).toBe(201);
    const res = await call(t, 'PUT', `${CM}/uncond`, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'uncond' },
      data: { a: '2' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ a: '2' });
  });
});

describe('a custom resource body', () => {
  const body = { apiVersion: 'example.com/v1', metadata: { name: 'nokind' }, spec: { color: 'red' } };
  const text = JSON.stringify(body);
  const missing = `Object 'Kind' is missing in '${text}'`;
  const unrecognized = `the object provided is unrecognized (must be of type Widget): ${missing} (${text.slice(0, 30)} ...)`;

  it.each([
    { fieldValidation: '', message: unrecognized },
    { fieldValidation: 'Warn', message: unrecognized },
    { fieldValidation: 'Strict', message: unrecognized },
    { fieldValidation: 'Ignore', message: `Widget in version "v1" cannot be handled as a Widget: ${missing}` },
  ])('without a kind is 400 (fieldValidation $fieldValidation)', async ({ fieldValidation, message }) => {
    const q = fieldValidation ? `?fieldValidation=${fieldValidation}` : '';
    const create = await call(t, 'POST', `${WIDGETS}${q}`, body);
    expect(create.status).toBe(400);
    expect(create.body.message).toBe(message);
    await created('nokind');
    const update = await call(t, 'PUT', `${WIDGETS}/nokind${q}`, body);
    expect(update.status).toBe(400);
    expect(update.body.message).toBe(message);
    expect((await call(t, 'DELETE', `${WIDGETS}/nokind`)).status).toBe(200);
  });

  it('without an apiVersion is 400', async () => {
    const res = await call(t, 'POST', WIDGETS, { kind: 'Widget', metadata: { name: 'noav' }, spec: { color: 'red' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('the API version in the data () does not match the expected API version (example.com/v1)');
  });

  it('of another kind is refused by validation', async () => {
    const res = await call(t, 'POST', WIDGETS, widget('otherkind', { color: 'red' }, 'Gadget'));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Widget.example.com "otherkind" is invalid: kind: Invalid value: "Gadget": must be Widget');
  });

  it('of a built-in kind takes its kind and apiVersion from the endpoint', async () => {
    const res = await call(t, 'POST', CM, { metadata: { name: 'typed' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap' });
  });
});
