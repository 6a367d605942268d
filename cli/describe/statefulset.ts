/** The real client's StatefulSet describer. */
import type { JsonObject } from '../objects.ts';
import type { DescribeContext, Describer } from './describer.ts';
import { podTemplate } from './pod.ts';
import { DescribeWriter, rfc1123z } from './writer.ts';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** A label selector as text (`a=b,c in (d,e)`), requirements sorted by key as the real client prints them. */
export function selectorText(selector: Json): string {
  const parts: [string, string][] = Object.entries(obj(selector.matchLabels)).map(([k, v]) => [k, `${k}=${str(v)}`]);
  for (const e of (selector.matchExpressions ?? []) as Json[]) {
    const key = str(e.key);
    const values = ((e.values ?? []) as string[]).slice().sort().join(',');
    const op = str(e.operator);
    parts.push([
      key,
      op === 'In' ? `${key} in (${values})` : op === 'NotIn' ? `${key} notin (${values})` : op === 'Exists' ? key : `!${key}`,
    ]);
  }
  return parts
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, t]) => t)
    .join(',');
}

export const statefulSet: Describer = async (sts: JsonObject, ctx: DescribeContext) => {
  const w = new DescribeWriter();
  const meta = sts.metadata ?? {};
  const spec = obj(sts.spec);
  const status = obj(sts.status);
  const selector = selectorText(obj(spec.selector));
  w.write(0, `Name:\t${meta.name ?? ''}\n`);
  w.write(0, `Namespace:\t${meta.namespace ?? ''}\n`);
  w.write(0, `CreationTimestamp:\t${rfc1123z(meta.creationTimestamp)}\n`);
  w.write(0, `Selector:\t${selector}\n`);
  w.labels('Labels', meta.labels);
  w.annotations('Annotations', meta.annotations);
  w.write(0, `Replicas:\t${str(spec.replicas ?? 1)} desired | ${str(status.replicas ?? 0)} total\n`);
  const strategy = obj(spec.updateStrategy);
  w.write(0, `Update Strategy:\t${str(strategy.type)}\n`);
  const rolling = obj(strategy.rollingUpdate);
  if (strategy.rollingUpdate && rolling.partition !== undefined) {
    w.write(1, `Partition:\t${str(rolling.partition)}\n`);
    if (rolling.maxUnavailable !== undefined) w.write(1, `MaxUnavailable:\t${str(rolling.maxUnavailable)}\n`);
  }
  // The pods the StatefulSet controls (by selector and owner), counted by phase.
  const ns = encodeURIComponent(meta.namespace ?? '');
  const pods = (await ctx.list(`/api/v1/namespaces/${ns}/pods?labelSelector=${encodeURIComponent(selector)}`)) ?? [];
  const owned = pods.filter((p) =>
    (p.metadata?.ownerReferences as Json[] | undefined)?.some((o) => o.controller === true && o.uid === meta.uid),
  );
  const count = (phase: string) => owned.filter((p) => obj(p.status).phase === phase).length;
  w.write(
    0,
    `Pods Status:\t${count('Running')} Running / ${count('Pending')} Waiting / ${count('Succeeded')} Succeeded / ${count('Failed')} Failed\n`,
  );
  podTemplate(w, obj(spec.template));
  const claims = (spec.volumeClaimTemplates ?? []) as Json[];
  if (claims.length === 0) w.write(0, 'Volume Claims:\t<none>\n');
  else {
    w.write(0, 'Volume Claims:\n');
    for (const c of claims) {
      const cm = obj(c.metadata);
      const cs = obj(c.spec);
      const annotations = obj(cm.annotations) as Record<string, string>;
      w.write(1, `Name:\t${str(cm.name)}\n`);
      w.write(1, `StorageClass:\t${str(cs.storageClassName ?? annotations['volume.beta.kubernetes.io/storage-class'])}\n`);
      w.labels('Labels', cm.labels as Record<string, string> | undefined, '  ');
      w.labels('Annotations', annotations, '  ');
      const storage = obj(obj(cs.resources).requests).storage;
      w.write(1, `Capacity:\t${storage === undefined ? '<default>' : str(storage)}\n`);
      w.write(1, `Access Modes:\t[${((cs.accessModes ?? []) as string[]).join(' ')}]\n`);
    }
  }
  w.events(await ctx.events(), ctx.now);
  return w.toString();
};
