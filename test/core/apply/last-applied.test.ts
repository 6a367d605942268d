/**
 * Upgrading from client-side to server-side apply (docs/api-rules.md, "Server-side apply and field
 * ownership"): which conflicts client-side apply's last-applied annotation forgives when `kubectl`
 * applies, and how the annotation is rewritten after an apply.
 */
import { describe, expect, it } from 'vitest';
import { ApplyConflictError, LAST_APPLIED_ANNOTATION, lastAppliedText } from '../../../core/apply/index.ts';
import { isObject, type JsonObject } from '../../../core/util/json.ts';
import { apply, cm, owners, update } from '../../support/apply.ts';

const CSA = 'kubectl-client-side-apply';

/** The annotation as kubectl 1.32's client-side apply writes it for `cm` with `data`. */
function kubectlAnnotation(data: Record<string, string>): string {
  return `${JSON.stringify({ apiVersion: 'v1', data, kind: 'ConfigMap', metadata: { annotations: {}, name: 'cm', namespace: 'default' } })}\n`;
}

/** `cm` with `data`, written by client-side apply with the annotation `annotation` (none when undefined). */
function clientSideApplied(data: Record<string, string>, annotation: string | undefined, manager = CSA): JsonObject {
  const body = cm(data);
  if (annotation !== undefined) (body.metadata as JsonObject).annotations = { [LAST_APPLIED_ANNOTATION]: annotation };
  return update(undefined, body, manager);
}

function annotationsOf(obj: JsonObject): Record<string, string> | undefined {
  const meta = obj.metadata as JsonObject;
  return isObject(meta.annotations) ? (meta.annotations as Record<string, string>) : undefined;
}

/** The fields of the conflicts an apply reports, or 'applied' when it succeeds. */
function outcome(run: () => JsonObject): string[] | 'applied' {
  try {
    run();
    return 'applied';
  } catch (err) {
    if (err instanceof ApplyConflictError) return err.conflicts.map((c) => `${c.manager}: ${c.field}`);
    throw err;
  }
}

describe('which conflicts the last-applied annotation forgives', () => {
  const annotatedA1 = kubectlAnnotation({ a: '1' });
  it.each([
    {
      name: 'kubectl changes a field the annotation sets to the live value: forgiven',
      live: () => clientSideApplied({ a: '1' }, annotatedA1),
      manager: 'kubectl',
      want: 'applied' as const,
    },
    {
      name: 'another manager changes the same field: a conflict',
      live: () => clientSideApplied({ a: '1' }, annotatedA1),
      manager: 'kubectl-other',
      want: [`${CSA}: .data.a`],
    },
    {
      name: 'the annotation has another value than the live object: a conflict',
      live: () => clientSideApplied({ a: '3' }, annotatedA1),
      manager: 'kubectl',
      want: [`${CSA}: .data.a`],
    },
    {
      name: 'a field the annotation does not set: only that conflict is reported',
      live: () => clientSideApplied({ a: '1', b: '1' }, annotatedA1),
      manager: 'kubectl',
      want: [`${CSA}: .data.b`],
    },
    {
      name: 'no annotation: a conflict',
      live: () => clientSideApplied({ a: '1' }, undefined),
      manager: 'kubectl',
      want: [`${CSA}: .data.a`],
    },
    {
      name: 'an empty annotation: a conflict',
      live: () => clientSideApplied({ a: '1' }, ''),
      manager: 'kubectl',
      want: [`${CSA}: .data.a`],
    },
    {
      name: 'an annotation that does not parse: a conflict',
      live: () => clientSideApplied({ a: '1' }, '{"apiVersion":"v1",'),
      manager: 'kubectl',
      want: [`${CSA}: .data.a`],
    },
    {
      name: 'an annotation that is no object: a conflict',
      live: () => clientSideApplied({ a: '1' }, '["a"]'),
      manager: 'kubectl',
      want: [`${CSA}: .data.a`],
    },
    {
      name: 'an annotation without a kind: a conflict',
      live: () => clientSideApplied({ a: '1' }, '{"apiVersion":"v1","data":{"a":"1"}}'),
      manager: 'kubectl',
      want: [`${CSA}: .data.a`],
    },
    {
      name: 'an annotation of another version: a conflict',
      live: () => clientSideApplied({ a: '1' }, '{"apiVersion":"v2","kind":"ConfigMap","data":{"a":"1"}}'),
      manager: 'kubectl',
      want: [`${CSA}: .data.a`],
    },
    {
      name: 'an annotation of another kind: a conflict',
      live: () => clientSideApplied({ a: '1' }, '{"apiVersion":"v1","kind":"Secret","data":{"a":"1"}}'),
      manager: 'kubectl',
      want: [`${CSA}: .data.a`],
    },
    {
      name: 'an annotation that does not fit the schema: a conflict',
      live: () => clientSideApplied({ a: '1' }, '{"apiVersion":"v1","kind":"ConfigMap","data":{"a":"1"},"bogus":1}'),
      manager: 'kubectl',
      want: [`${CSA}: .data.a`],
    },
    {
      name: 'a forgiven field that another manager shares: forgiven too (the annotation decides, not the owner)',
      live: () => apply(clientSideApplied({ a: '1' }, annotatedA1), cm({ a: '1' }), 'alice'),
      manager: 'kubectl',
      want: 'applied' as const,
    },
  ])('$name', ({ live, manager, want }) => {
    const before = live();
    expect(outcome(() => apply(before, cm({ a: '2', b: '2' }), manager))).toEqual(want);
  });

  it('after a forgiven conflict the apply is forced: kubectl owns the field, client-side apply loses it', () => {
    const after = apply(clientSideApplied({ a: '1', b: '1' }, kubectlAnnotation({ a: '1', b: '1' })), cm({ a: '2' }), 'kubectl');
    expect(after.data).toEqual({ a: '2', b: '1' });
    expect(owners(after)).toEqual({
      'kubectl Apply': ['.data.a'],
      [`${CSA} Update`]: ['.data', '.data.b', '.metadata.annotations', `.metadata.annotations.${LAST_APPLIED_ANNOTATION}`],
    });
  });
});

describe('how an apply rewrites the last-applied annotation', () => {
  const A1 = kubectlAnnotation({ a: '1' });
  const A2_APPLIED = `{"apiVersion":"v1","data":{"a":"2"},"kind":"ConfigMap","metadata":{"name":"cm","namespace":"default"}}\n`;
  it.each([
    {
      name: 'kubectl applies to an object with the annotation: it holds the configuration applied',
      live: () => clientSideApplied({ a: '1' }, A1),
      manager: 'kubectl',
      force: false,
      want: { [LAST_APPLIED_ANNOTATION]: A2_APPLIED },
    },
    {
      name: 'another manager applies (forced past the conflict): the annotation is left as it was',
      live: () => clientSideApplied({ a: '1' }, A1),
      manager: 'alice',
      force: true,
      want: { [LAST_APPLIED_ANNOTATION]: A1 },
    },
    {
      name: 'kubectl applies (forced) to an object without the annotation: none is added',
      live: () => clientSideApplied({ a: '1' }, undefined),
      manager: 'kubectl',
      force: true,
      want: undefined,
    },
    {
      name: 'an empty annotation counts as none and stays empty (forced, as nothing is forgiven)',
      live: () => clientSideApplied({ a: '1' }, ''),
      manager: 'kubectl',
      force: true,
      want: { [LAST_APPLIED_ANNOTATION]: '' },
    },
    {
      name: 'an annotation that does not parse is still rewritten (forced, as nothing is forgiven)',
      live: () => clientSideApplied({ a: '1' }, '{'),
      manager: 'kubectl',
      force: true,
      want: { [LAST_APPLIED_ANNOTATION]: A2_APPLIED },
    },
  ])('$name', ({ live, manager, force, want }) => {
    expect(annotationsOf(apply(live(), cm({ a: '2' }), manager, { force }))).toEqual(want);
  });

  it('the configuration is written as Go writes it, without the annotation itself, other annotations kept', () => {
    const config = cm({ z: '<&>', a: '1' });
    (config.metadata as JsonObject).annotations = { [LAST_APPLIED_ANNOTATION]: 'stale', note: 'n' };
    const after = apply(clientSideApplied({ a: '1' }, A1), config, 'kubectl', { force: true });
    expect(annotationsOf(after)).toEqual({
      note: 'n',
      [LAST_APPLIED_ANNOTATION]:
        '{"apiVersion":"v1","data":{"a":"1","z":"\\u003c\\u0026\\u003e"},"kind":"ConfigMap","metadata":{"annotations":{"note":"n"},"name":"cm","namespace":"default"}}\n',
    });
  });

  it('a configuration whose only annotation is this one keeps an empty map, as Go leaves it', () => {
    const config = cm({ a: '1' });
    (config.metadata as JsonObject).annotations = { [LAST_APPLIED_ANNOTATION]: 'x' };
    expect(lastAppliedText(config)).toBe(
      '{"apiVersion":"v1","data":{"a":"1"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"cm","namespace":"default"}}\n',
    );
  });

  it('when the rewritten annotation would make the annotations too large, it is dropped', () => {
    const big = 'x'.repeat(200 * 1024);
    const body = cm({ a: '1' });
    (body.metadata as JsonObject).annotations = { [LAST_APPLIED_ANNOTATION]: A1, other: 'y'.repeat(100 * 1024) };
    const live = update(undefined, body, CSA);
    const after = apply(live, cm({ a: '1', b: big }), 'kubectl');
    expect(after.data).toEqual({ a: '1', b: big });
    expect(Object.keys(annotationsOf(after) ?? {})).toEqual(['other']);
  });

  it('an apply that conflicts rewrites nothing: the conflict is thrown', () => {
    const live = clientSideApplied({ a: '3' }, A1);
    expect(outcome(() => apply(live, cm({ a: '2' }), 'kubectl'))).toEqual([`${CSA}: .data.a`]);
    expect(annotationsOf(live)).toEqual({ [LAST_APPLIED_ANNOTATION]: A1 });
  });
});
