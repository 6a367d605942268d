/**
 * Start-up reconciliation of a bootstrap object that is already stored: the kind's
 * `reconcileBootstrap` says what to store instead (RBAC's bootstrap roles and bindings get back
 * what they lack), written as the server (`orch-apiserver`), or deleted and created again when
 * the change cannot be made in place.
 */
import { StatusError } from '../errors/status-error.ts';
import type { JsonObject } from '../util/json.ts';
import type { ResourceRegistry } from './resource-registry.ts';

const WRITE = { dryRun: false, fieldManager: 'orch-apiserver', fieldValidation: 'Strict', warnings: [] } as const;

export async function reconcileBootstrap(registry: ResourceRegistry, shipped: JsonObject): Promise<void> {
  const reconcile = registry.def.reconcileBootstrap;
  const meta = shipped.metadata as JsonObject;
  const namespace = String(meta.namespace ?? '');
  const name = String(meta.name);
  const stored = registry.current(namespace, name);
  if (!reconcile || !stored) return;
  const next = reconcile(registry.parse(stored), shipped);
  if (!next) return;
  if (next.recreate) {
    await registry.delete(namespace, name, {}, { ...WRITE, warnings: [] });
    const { resourceVersion: _rv, uid: _uid, creationTimestamp: _ct, managedFields: _mf, ...rest } = next.object.metadata as JsonObject;
    await registry.create(namespace, { ...next.object, metadata: rest }, { ...WRITE, warnings: [] }).catch((err: unknown) => {
      if (!(err instanceof StatusError && err.code === 409)) throw err;
    });
    return;
  }
  await registry.guaranteedUpdate(
    namespace,
    name,
    { ...WRITE, warnings: [] },
    '',
    (current) => (current ? reconcile(current, shipped)?.object : undefined),
    {
      createIfMissing: false,
    },
  );
}
