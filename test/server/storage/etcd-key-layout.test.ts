/**
 * Keys in etcd as the real platform lays them out: the API server's own resources by resource
 * name whatever their group, its historical exceptions, and the extension servers' resources
 * (CRDs, custom resources) by group and resource; each maps back to the core's key.
 */
import { describe, expect, it } from 'vitest';
import { EtcdKeyLayout } from '../../../server/storage/etcd-key-layout.ts';

const layout = new EtcdKeyLayout('/registry');

describe('etcd key layout', () => {
  it.each([
    ['/registry/configmaps/default/a', '/registry/configmaps/default/a'],
    ['/registry/namespaces/default', '/registry/namespaces/default'],
    ['/registry/statefulsets.apps/ns/web', '/registry/statefulsets/ns/web'],
    ['/registry/clusterroles.rbac.authorization.orch.io/admin', '/registry/clusterroles/admin'],
    ['/registry/flowschemas.flowcontrol.apiserver.orch.io/exempt', '/registry/flowschemas/exempt'],
    ['/registry/services/ns/svc', '/registry/services/specs/ns/svc'],
    ['/registry/ingresses.networking.orch.io/ns/in', '/registry/ingress/ns/in'],
    [
      '/registry/customresourcedefinitions.apiextensions.orch.io/widgets.example.com',
      '/registry/apiextensions.orch.io/customresourcedefinitions/widgets.example.com',
    ],
    ['/registry/widgets.example.com/ns/w1', '/registry/example.com/widgets/ns/w1'],
    ['/registry/events/ns/e', '/registry/events/ns/e'],
  ])('%s is %s in etcd, and back', (core, etcd) => {
    expect(layout.toEtcd(core)).toBe(etcd);
    expect(layout.toCore(etcd)).toBe(core);
  });

  it.each([
    ['/registry/', '/registry/'],
    ['/registry/statefulsets.apps/', '/registry/statefulsets/'],
    ['/registry/services/', '/registry/services/specs/'],
    ['/registry/widgets.example.com/ns/', '/registry/example.com/widgets/ns/'],
  ])('maps the prefix %s to %s', (core, etcd) => {
    expect(layout.toEtcd(core)).toBe(etcd);
  });

  it('puts keys under another --etcd-prefix', () => {
    const other = new EtcdKeyLayout('/orch');
    expect(other.toEtcd('/registry/statefulsets.apps/ns/web')).toBe('/orch/statefulsets/ns/web');
    expect(other.toCore('/orch/statefulsets/ns/web')).toBe('/registry/statefulsets.apps/ns/web');
  });
});
