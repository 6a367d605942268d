/**
 * What the generated interfaces say about the shapes, as statements the compiler checks: each
 * `Expect<Equal<…>>` must be true and each `@ts-expect-error` line must be an error.
 * interfaces.test.ts compiles this file (so the test run checks it, not only `tsc`).
 */
import type {
  ConfigMap,
  ControllerRevision,
  coreV1,
  Event,
  eventsV1,
  flowcontrolV1,
  JsonValue,
  LabelSelector,
  ListMeta,
  ObjectMeta,
  Pod,
  PodSpec,
  rbacV1,
  ResourceClaim,
  resourceV1beta1,
  RollingUpdateStatefulSetStrategy,
  StatefulSet,
  StatefulSetList,
  StatefulSetSpec,
  Subject,
} from '../../../core/registry/types/index.ts';
import type { StatefulSet as StatefulSetSchema } from '../../../core/registry/types/index.ts';
import type { ObjectSchema } from '../../../core/schema/types.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export type Rules = [
  // A field is optional unless its schema requires it, so a nested shape is reached through
  // NonNullable, and it is the interface of that field's schema.
  Expect<Equal<NonNullable<NonNullable<StatefulSet['spec']>['template']>['spec'], PodSpec | undefined>>,
  // A required field is not optional.
  Expect<Equal<StatefulSetSpec['selector'], LabelSelector>>,
  Expect<Equal<StatefulSetList['items'], StatefulSet[]>>,
  // The root of a kind and of a list has its metadata always; kind and apiVersion are optional.
  Expect<Equal<StatefulSet['metadata'], ObjectMeta>>,
  Expect<Equal<StatefulSetList['metadata'], ListMeta>>,
  Expect<Equal<StatefulSet['kind'], string | undefined>>,
  // A string the schema checks against a set of values is their union; one the kind checks, or
  // nothing does, is a string.
  Expect<Equal<PodSpec['restartPolicy'], 'Always' | 'OnFailure' | 'Never' | undefined>>,
  Expect<Equal<StatefulSetSpec['podManagementPolicy'], string | undefined>>,
  // int-or-string, quantities, raw JSON, maps.
  Expect<Equal<RollingUpdateStatefulSetStrategy['maxUnavailable'], number | string | undefined>>,
  Expect<Equal<NonNullable<NonNullable<PodSpec['overhead']>[string]>, string>>,
  Expect<Equal<ControllerRevision['data'], JsonValue | undefined>>,
  Expect<Equal<ConfigMap['data'], Record<string, string> | undefined>>,
  // Where Go writes null for an unset value (a zero Time), the field may be null.
  Expect<Equal<ObjectMeta['creationTimestamp'], string | null | undefined>>,
  Expect<Equal<ObjectMeta['deletionTimestamp'], string | undefined>>,
  // Names two group-versions declare are in their namespaces; flat, the one chosen.
  Expect<Equal<Event, eventsV1.Event>>,
  Expect<Equal<Subject, rbacV1.Subject>>,
  Expect<Equal<ResourceClaim, resourceV1beta1.ResourceClaim>>,
  Expect<Equal<coreV1.Event['involvedObject'], coreV1.ObjectReference>>,
  Expect<Equal<flowcontrolV1.Subject['kind'], 'Group' | 'ServiceAccount' | 'User' | undefined>>,
  // The schema value has the same name as its interface.
  Expect<Equal<typeof StatefulSetSchema, ObjectSchema>>,
];

const metadata: ObjectMeta = { name: 'web' };

export const pod: Pod = { metadata, spec: { containers: [{ name: 'web', image: 'nginx' }], restartPolicy: 'Never' } };

// @ts-expect-error a kind's object has metadata
export const noMetadata: ConfigMap = { data: {} };

// @ts-expect-error a container's name is required
export const noName: Pod = { metadata, spec: { containers: [{ image: 'nginx' }] } };

// @ts-expect-error the schema rejects other restart policies
export const badPolicy: PodSpec = { containers: [], restartPolicy: 'Sometimes' };

// @ts-expect-error fields are the schema's, no others
export const unknownField: ConfigMap = { metadata, values: {} };
