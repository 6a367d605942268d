/**
 * coordination.orch.io/v1 Lease: a lock held for a while by one holder, renewed while it lives
 * (leader election among replicas, node heartbeats). Field order is the Go struct order of
 * v1.32; protobuf numbers as generated.proto. The interfaces beside the schema values are written
 * by `node scripts/gen-types.mjs`.
 */
import { enumOf, field, int32, microTime, str, struct } from '../../schema/build.ts';
import { listType, objectType } from './object.ts';
import type { ListMeta, ObjectMeta } from './meta-v1.ts';

const P = 'io.orch.api.coordination.v1';

export const LeaseSpec = struct(
  `${P}.LeaseSpec`,
  {
    holderIdentity: field(1, str(), { pointer: true, description: 'The identity of the current holder of the lease.' }),
    leaseDurationSeconds: field(2, int32(), {
      pointer: true,
      description:
        'How long candidates wait to take the lease over, measured from the last observed renewTime; a holder renews before it passes.',
    }),
    acquireTime: field(3, microTime(), { pointer: true, description: 'When the current holder acquired the lease.' }),
    renewTime: field(4, microTime(), { pointer: true, description: 'When the current holder last renewed the lease.' }),
    leaseTransitions: field(5, int32(), { pointer: true, description: 'How many times the lease has changed holders.' }),
    strategy: field(
      6,
      enumOf(
        { OldestEmulationVersion: 'prefers the candidate with the oldest emulation version, then binary version, then creation time.' },
        { checkedBy: 'kind' },
      ),
      {
        pointer: true,
        description:
          'How coordinated leader election picks the preferred holder; set together with preferredHolder (gate CoordinatedLeaderElection).',
      },
    ),
    preferredHolder: field(7, str(), {
      pointer: true,
      description: 'The holder coordinated leader election asks the current holder to hand the lease to; requires strategy.',
    }),
  },
  { description: 'What a Lease says: who holds it, since when, and for how long.' },
);

/** What a Lease says: who holds it, since when, and for how long. */
export interface LeaseSpec {
  /** The identity of the current holder of the lease. */
  holderIdentity?: string;
  /**
   * How long candidates wait to take the lease over, measured from the last observed renewTime; a
   * holder renews before it passes.
   */
  leaseDurationSeconds?: number;
  /** When the current holder acquired the lease. */
  acquireTime?: string;
  /** When the current holder last renewed the lease. */
  renewTime?: string;
  /** How many times the lease has changed holders. */
  leaseTransitions?: number;
  /**
   * How coordinated leader election picks the preferred holder; set together with preferredHolder
   * (gate CoordinatedLeaderElection).
   *
   * - `OldestEmulationVersion`: prefers the candidate with the oldest emulation version, then
   *   binary version, then creation time.
   */
  strategy?: string;
  /**
   * The holder coordinated leader election asks the current holder to hand the lease to; requires
   * strategy.
   */
  preferredHolder?: string;
}

export const Lease = objectType(
  `${P}.Lease`,
  { spec: field(2, LeaseSpec, { description: 'Who holds the lease and for how long.' }) },
  { description: 'A lease: a lock one holder keeps by renewing it before its duration runs out.' },
);

/** A lease: a lock one holder keeps by renewing it before its duration runs out. */
export interface Lease {
  /**
   * The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the
   * endpoint; it cannot be updated.
   */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /**
   * Standard object metadata: name, namespace, labels, annotations, and what the system records.
   */
  metadata: ObjectMeta;
  /** Who holds the lease and for how long. */
  spec?: LeaseSpec;
}

export const LeaseList = listType(Lease);

/** A list of Lease objects. */
export interface LeaseList {
  /** The kind of the list, LeaseList. */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /** Standard list metadata: the version of the collection and the token of the next page. */
  metadata: ListMeta;
  /** The Lease objects. Required. */
  items: Lease[];
}
