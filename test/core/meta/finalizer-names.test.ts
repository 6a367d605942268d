/**
 * Finalizer names. Every kind needs qualified names (reported at `metadata.finalizers`, as the
 * generic ObjectMeta rule reports them); built-in kinds also refuse a name without a `/` that is
 * not a standard one (at its index), while custom resources accept it and warn, once for each
 * such name a write adds, as the real custom resource strategy does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorString } from '../../../core/errors/field-error.ts';
import { nameIsDNSSubdomain } from '../../../core/meta/names.ts';
import { finalizerWarnings, validateObjectMeta } from '../../../core/meta/validation.ts';
import { installCRD, WIDGETS, widget } from '../apiextensions/crd-support.ts';
import { call, CM, inProcess, type Target } from '../../support/targets.ts';

const PREFER = 'prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers';
const NEITHER = 'name is neither a standard finalizer name nor is it fully qualified';

function errors(finalizers: string[], unqualifiedFinalizers?: 'refuse' | 'warn'): string[] {
  const meta = { name: 'x', namespace: 'default', finalizers };
  const rules = { namespaced: true, validateName: nameIsDNSSubdomain, ...(unqualifiedFinalizers ? { unqualifiedFinalizers } : {}) };
  return validateObjectMeta(meta, rules).map(errorString);
}

describe('finalizer names', () => {
  const cases: { finalizers: string[]; builtin: string[]; custom: string[] }[] = [
    { finalizers: ['example.com/cleanup'], builtin: [], custom: [] },
    { finalizers: ['orphan', 'foregroundDeletion', 'orchestrator'], builtin: [], custom: [] },
    { finalizers: ['foo'], builtin: [`metadata.finalizers[0]: Invalid value: "foo": ${NEITHER}`], custom: [] },
    {
      finalizers: ['example.com/a', 'resources-finalizer.example.com'],
      builtin: [`metadata.finalizers[1]: Invalid value: "resources-finalizer.example.com": ${NEITHER}`],
      custom: [],
    },
    {
      finalizers: ['a b'],
      builtin: [
        `metadata.finalizers: Invalid value: "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
        `metadata.finalizers[0]: Invalid value: "a b": ${NEITHER}`,
      ],
      custom: [
        `metadata.finalizers: Invalid value: "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
      ],
    },
  ];
  it.each(cases)('$finalizers: built-in kinds and custom resources', ({ finalizers, builtin, custom }) => {
    expect(errors(finalizers)).toEqual(builtin);
    expect(errors(finalizers, 'refuse')).toEqual(builtin);
    expect(errors(finalizers, 'warn')).toEqual(custom);
  });

  it.each([
    { what: 'a name without a domain', now: ['foo'], before: undefined, warnings: [`metadata.finalizers: "foo": ${PREFER}`] },
    { what: 'standard and qualified names', now: ['orphan', 'example.com/x'], before: undefined, warnings: [] },
    {
      what: 'each name added, in name order',
      now: ['zeta', 'alpha', 'alpha', 'example.com/x'],
      before: undefined,
      warnings: [`metadata.finalizers: "alpha": ${PREFER}`, `metadata.finalizers: "zeta": ${PREFER}`],
    },
    {
      what: 'none for the names the object had',
      now: ['foo', 'bar'],
      before: ['foo'],
      warnings: [`metadata.finalizers: "bar": ${PREFER}`],
    },
    { what: 'none for a name removed', now: [], before: ['foo'], warnings: [] },
  ])('warn custom resources of $what', ({ now, before, warnings }) => {
    expect(finalizerWarnings(now, before)).toEqual(warnings);
  });
});

describe('a finalizer name without a domain', () => {
  let t: Target;
  beforeAll(async () => {
    t = await inProcess();
    await installCRD(t);
  });
  afterAll(() => t.close());

  it('is refused on a built-in kind', async () => {
    const res = await call(t, 'POST', CM, { metadata: { name: 'fin', finalizers: ['foo'] } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(`ConfigMap "fin" is invalid: metadata.finalizers[0]: Invalid value: "foo": ${NEITHER}`);
  });

  it('is accepted on a custom resource, with a warning when added', async () => {
    const created = await call(t, 'POST', WIDGETS, { ...widget('fin'), metadata: { name: 'fin', finalizers: ['foo'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.metadata.finalizers).toEqual(['foo']);
    expect(created.headers.get('warning')).toBe(`299 - "metadata.finalizers: \\"foo\\": ${PREFER}"`);

    const kept = await call(
      t,
      'PATCH',
      `${WIDGETS}/fin`,
      { metadata: { labels: { a: 'b' } } },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(kept.status).toBe(200);
    expect(kept.headers.get('warning')).toBeNull();

    const added = await call(
      t,
      'PATCH',
      `${WIDGETS}/fin`,
      { metadata: { finalizers: ['foo', 'bar', 'example.com/ok'] } },
      {
        'content-type': 'application/merge-patch+json',
      },
    );
    expect(added.status).toBe(200);
    expect(added.headers.get('warning')).toBe(`299 - "metadata.finalizers: \\"bar\\": ${PREFER}"`);

    const cleared = await call(
      t,
      'PATCH',
      `${WIDGETS}/fin`,
      { metadata: { finalizers: null } },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(cleared.status).toBe(200);
  });
});
