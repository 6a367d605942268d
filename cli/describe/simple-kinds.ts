/** The real client's describers of ConfigMap, Secret, Namespace and ServiceAccount. */
import type { JsonObject } from '../objects.ts';
import type { DescribeContext, Describer } from './describer.ts';
import { DescribeWriter } from './writer.ts';

const sortedEntries = (m: unknown) => Object.entries((m ?? {}) as Record<string, string>).sort(([a], [b]) => (a < b ? -1 : 1));

/** Bytes of a base64 value (a Secret's data, a ConfigMap's binaryData). */
const decodedLength = (b64: string) => Math.floor((b64.replace(/=+$/, '').length * 3) / 4);

function header(w: DescribeWriter, obj: JsonObject, namespaced: boolean): void {
  const meta = obj.metadata ?? {};
  w.write(0, `Name:\t${meta.name ?? ''}\n`);
  if (namespaced) w.write(0, `Namespace:\t${meta.namespace ?? ''}\n`);
  w.labels('Labels', meta.labels);
  w.annotations('Annotations', meta.annotations);
}

export const configMap: Describer = async (obj: JsonObject, ctx: DescribeContext) => {
  const w = new DescribeWriter();
  header(w, obj, true);
  w.write(0, '\nData\n====\n');
  for (const [k, v] of sortedEntries(obj.data)) w.write(0, `${k}:\n----\n${v}\n\n`);
  w.write(0, '\nBinaryData\n====\n');
  for (const [k, v] of sortedEntries(obj.binaryData)) w.write(0, `${k}: ${decodedLength(v)} bytes\n`);
  w.write(0, '\n');
  w.events(await ctx.events(), ctx.now);
  return w.toString();
};

export const secret: Describer = async (obj: JsonObject) => {
  const w = new DescribeWriter();
  header(w, obj, true);
  w.write(0, `\nType:\t${obj.type ?? ''}\n`);
  w.write(0, '\nData\n====\n');
  for (const [k, v] of sortedEntries(obj.data)) {
    // A service account token is shown, as the real client shows it.
    if (k === 'token' && obj.type === 'kubernetes.io/service-account-token') w.write(0, `${k}:\t${atob(v)}\n`);
    else w.write(0, `${k}:\t${decodedLength(v)} bytes\n`);
  }
  return w.toString();
};

export const namespace: Describer = async (obj: JsonObject, ctx: DescribeContext) => {
  const w = new DescribeWriter();
  header(w, obj, false);
  w.write(0, `Status:\t${(obj.status as { phase?: string } | undefined)?.phase ?? ''}\n`);
  const name = obj.metadata?.name ?? '';
  // A server without quotas or limit ranges (404) leaves their sections out, as the real client does.
  const quotas = await ctx.list(`/api/v1/namespaces/${encodeURIComponent(name)}/resourcequotas`);
  if (quotas) {
    w.write(0, '\n');
    if (quotas.length === 0) w.write(0, 'No resource quota.\n');
    for (const q of quotas) w.write(0, `Resource Quotas\n  Name:\t${q.metadata?.name ?? ''}\n`);
  }
  const limits = await ctx.list(`/api/v1/namespaces/${encodeURIComponent(name)}/limitranges`);
  if (limits) {
    w.write(0, '\n');
    if (limits.length === 0) w.write(0, 'No LimitRange resource.\n');
    for (const l of limits) w.write(0, `Resource Limits\n  Name:\t${l.metadata?.name ?? ''}\n`);
  }
  return w.toString();
};

export const serviceAccount: Describer = async (obj: JsonObject, ctx: DescribeContext) => {
  const w = new DescribeWriter();
  header(w, obj, true);
  const names = (list: unknown) => ((list ?? []) as { name?: string }[]).map((s) => s.name ?? '');
  // Headers padded to one width, sorted, as the real client lists them; tokens are no longer listed.
  const sections: [string, string[]][] = [
    ['Image pull secrets:', names(obj.imagePullSecrets)],
    ['Mountable secrets: ', names(obj.secrets)],
    ['Tokens:            ', []],
  ];
  for (const [title, list] of sections) {
    if (list.length === 0) w.write(0, `${title}\t<none>\n`);
    list.forEach((n, i) => w.write(0, `${i === 0 ? title : ' '.repeat(title.length)}\t${n}\n`));
  }
  w.events(await ctx.events(), ctx.now);
  return w.toString();
};
