/** autoscaling/v1 Scale: the view every `scale` subresource serves. */
import { field, int32, str, struct } from '../../schema/build.ts';
import { objectType } from './object.ts';

export const ScaleSpec = struct(
  'io.orch.api.autoscaling.v1.ScaleSpec',
  { replicas: field(1, int32(), { description: 'The desired number of replicas of the scaled object.' }) },
  { description: 'The desired scale of an object.' },
);

export const ScaleStatus = struct(
  'io.orch.api.autoscaling.v1.ScaleStatus',
  {
    replicas: field(1, int32(), { omitEmpty: false, description: 'The observed number of replicas. Required.' }),
    selector: field(2, str(), {
      description: 'The label query over the pods that replicas counts, written as a label selector string (as in a labelSelector query parameter).',
    }),
  },
  { description: 'The observed scale of an object.' },
);

export const ScaleSchema = objectType(
  'io.orch.api.autoscaling.v1.Scale',
  {
    spec: field(2, ScaleSpec, { description: 'The desired scale.' }),
    status: field(3, ScaleStatus, { description: 'The current scale; read-only.' }),
  },
  { description: 'The scale subresource of a scalable object: its desired and observed number of replicas.' },
);
