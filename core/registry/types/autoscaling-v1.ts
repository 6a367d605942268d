/** autoscaling/v1 Scale: the view every `scale` subresource serves. */
import { field, int32, str, struct } from '../../schema/build.ts';
import { objectType } from './object.ts';

export const ScaleSpec = struct('io.orch.api.autoscaling.v1.ScaleSpec', {
  replicas: field(1, int32()),
});

export const ScaleStatus = struct('io.orch.api.autoscaling.v1.ScaleStatus', {
  replicas: field(1, int32(), { omitEmpty: false }),
  selector: field(2, str()),
});

export const ScaleSchema = objectType('io.orch.api.autoscaling.v1.Scale', {
  spec: field(2, ScaleSpec),
  status: field(3, ScaleStatus),
});
