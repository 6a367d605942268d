/**
 * autoscaling/v1 Scale: the view every `scale` subresource serves.
 * The interfaces beside the schema values are written by `node scripts/gen-types.mjs`.
 */
import { field, int32, str, struct } from '../../schema/build.ts';
import { objectType } from './object.ts';
import type { ObjectMeta } from './meta-v1.ts';

export const ScaleSpec = struct(
  'io.orch.api.autoscaling.v1.ScaleSpec',
  { replicas: field(1, int32(), { description: 'The desired number of replicas of the scaled object.' }) },
  { description: 'The desired scale of an object.' },
);

/** The desired scale of an object. */
export interface ScaleSpec {
  /** The desired number of replicas of the scaled object. */
  replicas?: number;
}

export const ScaleStatus = struct(
  'io.orch.api.autoscaling.v1.ScaleStatus',
  {
    replicas: field(1, int32(), { omitEmpty: false, description: 'The observed number of replicas. Required.' }),
    selector: field(2, str(), {
      description:
        'The label query over the pods that replicas counts, written as a label selector string (as in a labelSelector query parameter).',
    }),
  },
  { description: 'The observed scale of an object.' },
);

/** The observed scale of an object. */
export interface ScaleStatus {
  /** The observed number of replicas. Required. */
  replicas?: number;
  /**
   * The label query over the pods that replicas counts, written as a label selector string (as in a
   * labelSelector query parameter).
   */
  selector?: string;
}

export const Scale = objectType(
  'io.orch.api.autoscaling.v1.Scale',
  {
    spec: field(2, ScaleSpec, { description: 'The desired scale.' }),
    status: field(3, ScaleStatus, { description: 'The current scale; read-only.' }),
  },
  { description: 'The scale subresource of a scalable object: its desired and observed number of replicas.' },
);

/** The scale subresource of a scalable object: its desired and observed number of replicas. */
export interface Scale {
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
  /** The desired scale. */
  spec?: ScaleSpec;
  /** The current scale; read-only. */
  status?: ScaleStatus;
}
