/**
 * Widget, a synthetic kind built with the schema DSL: a field with each merge marker the
 * field-ownership tests exercise (map lists, sets, atomic lists, maps and structs).
 */
import { bool, field, int32, list, map, str, struct } from '../../core/schema/build.ts';
import { LabelSelector } from '../../core/registry/types/meta-v1.ts';
import { objectType } from '../../core/registry/types/object.ts';

export const Port = struct('test.Port', {
  containerPort: field(1, int32(), { omitEmpty: false }),
  protocol: field(2, str(), { default: 'TCP' }),
  name: field(3, str()),
});

export const EnvVar = struct('test.EnvVar', {
  name: field(1, str(), { omitEmpty: false }),
  value: field(2, str()),
});

export const Container = struct('test.Container', {
  name: field(1, str(), { omitEmpty: false }),
  image: field(2, str()),
  args: field(3, list(str())),
  // ContainerPort's real markers: a map list keyed by two fields, `protocol` defaulted.
  ports: field(4, list(Port, { listType: 'map', listMapKeys: ['containerPort', 'protocol'] })),
  // No listType: patchStrategy merge + patchMergeKey make it a map list keyed by name.
  env: field(5, list(EnvVar, { patchStrategy: 'merge', patchMergeKey: 'name' })),
});

export const Limits = struct('test.Limits', { cpu: field(1, str()), memory: field(2, str()) }, { structType: 'atomic' });

export const WidgetSpec = struct('test.WidgetSpec', {
  replicas: field(1, int32(), { pointer: true }),
  paused: field(2, bool()),
  containers: field(3, list(Container, { listType: 'map', listMapKeys: ['name'] })),
  hosts: field(4, list(str(), { listType: 'set' })),
  // No markers: atomic.
  command: field(5, list(str())),
  // patchStrategy merge without a merge key: a set.
  gates: field(6, list(str(), { patchStrategy: 'merge' })),
  selector: field(7, LabelSelector, { pointer: true }),
  limits: field(8, Limits, { pointer: true }),
  config: field(9, map(map(str()))),
  pinned: field(10, map(str(), { mapType: 'atomic' })),
});

export const WidgetStatus = struct('test.WidgetStatus', {
  ready: field(1, int32()),
  phase: field(2, str()),
});

export const WidgetSchema = objectType('test.Widget', {
  spec: field(2, WidgetSpec),
  status: field(3, WidgetStatus),
});
