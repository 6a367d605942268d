/**
 * The registry's managed-fields hook (docs/api-rules.md, "Server-side apply and field ownership"):
 * which paths each endpoint resets, and ownership recorded through the hook on non-apply writes.
 */
import { describe, expect, it } from 'vitest';
import { managedFieldsHook, resetPathsOf } from '../../../core/apply/index.ts';
import { configMapKind } from '../../../core/registry/kinds/configmap.ts';
import { customResourceDefinitionKind } from '../../../core/registry/kinds/customresourcedefinition.ts';
import { namespaceKind } from '../../../core/registry/kinds/namespace.ts';
import { decodeObject } from '../../../core/schema/decode.ts';
import type { JsonObject } from '../../../core/util/json.ts';
import { cm, minutes, owners, T0 } from '../../support/apply.ts';

describe('resetPathsOf', () => {
  it.each([
    { name: 'a kind without subresources', kind: configMapKind, subresource: '', want: [] },
    // The real platform's ResetFieldsFor: an older kind's status resets spec only (a label sent
    // with a status write is kept), a newer kind's (and a CRD's) metadata too.
    { name: 'the status subresource of an older kind', kind: namespaceKind, subresource: 'status', want: [['spec']] },
    {
      name: 'the status subresource of a newer kind',
      kind: customResourceDefinitionKind,
      subresource: 'status',
      want: [['metadata'], ['spec']],
    },
    {
      name: 'the main resource of Namespace (status and finalize)',
      kind: namespaceKind,
      subresource: '',
      want: [['status'], ['spec', 'finalizers']],
    },
    {
      name: 'the finalize subresource, which owns spec.finalizers only',
      kind: namespaceKind,
      subresource: 'finalize',
      want: [['status']],
    },
    { name: 'a subresource the kind does not have', kind: configMapKind, subresource: 'status', want: [] },
  ])('$name', ({ kind, subresource, want }) => {
    expect(resetPathsOf(kind, subresource)).toEqual(want);
  });
});

describe('managedFieldsHook', () => {
  const decode = (o: JsonObject): JsonObject => decodeObject(o, configMapKind.schema).value;

  it('records the creator on create and moves changed fields on update', () => {
    const created = decode(cm({ a: '1', b: '2' }));
    managedFieldsHook.update(created, undefined, 'creator', '', configMapKind, T0);
    expect(owners(created)).toEqual({ 'creator Update': ['.data', '.data.a', '.data.b'] });

    const next = decode({ ...cm({ a: '9', b: '2' }), metadata: created.metadata });
    managedFieldsHook.update(next, created, 'editor', '', configMapKind, minutes(1));
    expect(owners(next)).toEqual({ 'creator Update': ['.data', '.data.b'], 'editor Update': ['.data.a'] });
  });

  it('a status write through the hook owns status only', () => {
    // Stored objects are canonical: the empty status struct is there before the write.
    const raw: JsonObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns' } };
    const live = decodeObject(raw, namespaceKind.schema).value;
    const next = decodeObject({ ...raw, status: { phase: 'Terminating' } }, namespaceKind.schema).value;
    managedFieldsHook.update(next, live, 'namespace-controller', 'status', namespaceKind, T0);
    expect(owners(next)).toEqual({ 'namespace-controller Update status': ['.status.phase'] });
  });
});
