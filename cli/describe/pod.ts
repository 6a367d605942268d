/** The real client's Pod describer, and the pod template part its workload describers share. */
import type { JsonObject } from '../objects.ts';
import type { DescribeContext, Describer } from './describer.ts';
import { DescribeWriter, rfc1123z, since } from './writer.ts';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const goBool = (v: unknown) => (v === true ? 'true' : 'false');
/** Go's `%v` of a *bool: nil, or the pointer, which the real client shows as <nil> when unset. */
const optionalPtr = (v: unknown) => (v === undefined || v === null ? '<nil>' : goBool(v));

export const pod: Describer = async (p: JsonObject, ctx: DescribeContext) => {
  const w = new DescribeWriter();
  const meta = p.metadata ?? {};
  const spec = obj(p.spec);
  const status = obj(p.status);
  w.write(0, `Name:\t${meta.name ?? ''}\n`);
  w.write(0, `Namespace:\t${meta.namespace ?? ''}\n`);
  if (spec.priority !== undefined) w.write(0, `Priority:\t${str(spec.priority)}\n`);
  if (spec.priorityClassName) w.write(0, `Priority Class Name:\t${str(spec.priorityClassName)}\n`);
  if (spec.runtimeClassName) w.write(0, `Runtime Class Name:\t${str(spec.runtimeClassName)}\n`);
  if (spec.serviceAccountName) w.write(0, `Service Account:\t${str(spec.serviceAccountName)}\n`);
  w.write(0, spec.nodeName ? `Node:\t${str(spec.nodeName)}/${str(status.hostIP)}\n` : 'Node:\t<none>\n');
  if (status.startTime) w.write(0, `Start Time:\t${rfc1123z(status.startTime)}\n`);
  w.labels('Labels', meta.labels);
  w.annotations('Annotations', meta.annotations);
  const phase = str(status.phase);
  if (meta.deletionTimestamp && phase !== 'Failed' && phase !== 'Succeeded') {
    w.write(0, `Status:\tTerminating (lasts ${since(ctx.now, meta.deletionTimestamp)})\n`);
    w.write(0, `Termination Grace Period:\t${str(meta.deletionGracePeriodSeconds)}s\n`);
  } else w.write(0, `Status:\t${phase}\n`);
  if (status.reason) w.write(0, `Reason:\t${str(status.reason)}\n`);
  if (status.message) w.write(0, `Message:\t${str(status.message)}\n`);
  w.write(0, `IP:\t${str(status.podIP)}\n`);
  const ips = arr(status.podIPs);
  if (ips.length === 0) w.write(0, 'IPs:\t<none>\n');
  else {
    w.write(0, 'IPs:\n');
    for (const ip of ips) w.write(1, `IP:\t${str(ip.ip)}\n`);
  }
  const controller = (meta.ownerReferences as Json[] | undefined)?.find((o) => o.controller === true);
  if (controller) w.write(0, `Controlled By:\t${str(controller.kind)}/${str(controller.name)}\n`);
  if (status.nominatedNodeName) w.write(0, `NominatedNodeName:\t${str(status.nominatedNodeName)}\n`);
  if (arr(spec.initContainers).length > 0)
    containers(w, 'Init Containers', arr(spec.initContainers), arr(status.initContainerStatuses), '');
  containers(w, 'Containers', arr(spec.containers), arr(status.containerStatuses), '');
  const conditions = arr(status.conditions);
  if (conditions.length > 0) {
    w.write(0, 'Conditions:\n  Type\tStatus\n');
    for (const c of conditions) w.write(1, `${str(c.type)} \t${str(c.status)} \n`);
  }
  volumes(w, arr(spec.volumes), '');
  w.write(0, `QoS Class:\t${str(status.qosClass) || qosClass(spec)}\n`);
  w.labels('Node-Selectors', spec.nodeSelector as Record<string, string> | undefined);
  tolerations(w, 'Tolerations', arr(spec.tolerations));
  w.events(await ctx.events(), ctx.now);
  return w.toString();
};

/** `Pod Template:` with labels, containers, volumes, node selectors and tolerations. */
export function podTemplate(w: DescribeWriter, template: Json): void {
  w.write(0, 'Pod Template:\n');
  const meta = obj(template.metadata);
  const spec = obj(template.spec);
  w.labels('  Labels', meta.labels as Record<string, string> | undefined);
  if (Object.keys(obj(meta.annotations)).length > 0) w.annotations('  Annotations', meta.annotations as Record<string, string>);
  if (spec.serviceAccountName) w.write(1, `Service Account:\t${str(spec.serviceAccountName)}\n`);
  if (arr(spec.initContainers).length > 0) containers(w, 'Init Containers', arr(spec.initContainers), [], '  ');
  containers(w, 'Containers', arr(spec.containers), [], '  ');
  volumes(w, arr(spec.volumes), '  ');
  if (spec.priorityClassName) w.write(1, `Priority Class Name:\t${str(spec.priorityClassName)}\n`);
  w.labels('  Node-Selectors', spec.nodeSelector as Record<string, string> | undefined);
  tolerations(w, '  Tolerations', arr(spec.tolerations));
}

function containers(w: DescribeWriter, label: string, list: Json[], statuses: Json[], space: string): void {
  w.write(0, `${space}${label}:${list.length === 0 ? ' <none>' : ''}\n`);
  const byName = new Map(statuses.map((s) => [str(s.name), s]));
  for (const c of list) {
    const st = byName.get(str(c.name));
    w.write(1, `${space ? ' ' : ''}${str(c.name)}:\n`);
    if (st) w.write(2, `Container ID:\t${str(st.containerID)}\n`);
    w.write(2, `Image:\t${str(c.image)}\n`);
    if (st) w.write(2, `Image ID:\t${str(st.imageID)}\n`);
    const ports = arr(c.ports);
    const portText = ports.map((p) => `${str(p.containerPort)}/${str(p.protocol)}`).join(', ');
    w.write(2, portText.includes(',') ? `Ports:\t${portText}\n` : `Port:\t${portText || '<none>'}\n`);
    const hostText = ports.map((p) => `${str(p.hostPort ?? 0)}/${str(p.protocol)}`).join(', ');
    w.write(2, hostText.includes(',') ? `Host Ports:\t${hostText}\n` : `Host Port:\t${hostText || '<none>'}\n`);
    for (const [title, lines] of [
      ['Command', arr(c.command)],
      ['Args', arr(c.args)],
    ] as const) {
      if (lines.length === 0) continue;
      w.write(2, `${title}:\n`);
      for (const l of lines) for (const s of str(l).split('\n')) w.write(3, `${s}\n`);
    }
    if (st) containerState(w, st);
    resources(w, obj(c.resources));
    for (const [title, key] of [
      ['Liveness', 'livenessProbe'],
      ['Readiness', 'readinessProbe'],
      ['Startup', 'startupProbe'],
    ] as const)
      if (c[key]) w.write(2, `${title}:\t${probe(obj(c[key]))}\n`);
    environment(w, arr(c.env));
    mounts(w, arr(c.volumeMounts));
  }
}

function containerState(w: DescribeWriter, st: Json): void {
  state(w, 'State', obj(st.state));
  const last = obj(st.lastState);
  if (last.terminated) state(w, 'Last State', last);
  w.write(2, `Ready:\t${st.ready === true ? 'True' : 'False'}\n`);
  w.write(2, `Restart Count:\t${str(st.restartCount ?? 0)}\n`);
}

function state(w: DescribeWriter, name: string, s: Json): void {
  if (s.running) {
    w.write(2, `${name}:\tRunning\n`);
    w.write(3, `Started:\t${rfc1123z(obj(s.running).startedAt)}\n`);
  } else if (s.terminated) {
    const t = obj(s.terminated);
    w.write(2, `${name}:\tTerminated\n`);
    if (t.reason) w.write(3, `Reason:\t${str(t.reason)}\n`);
    if (t.message) w.write(3, `Message:\t${str(t.message)}\n`);
    w.write(3, `Exit Code:\t${str(t.exitCode ?? 0)}\n`);
    if (Number(t.signal ?? 0) > 0) w.write(3, `Signal:\t${str(t.signal)}\n`);
    w.write(3, `Started:\t${rfc1123z(t.startedAt)}\n`);
    w.write(3, `Finished:\t${rfc1123z(t.finishedAt)}\n`);
  } else {
    w.write(2, `${name}:\tWaiting\n`);
    const reason = obj(s.waiting).reason;
    if (reason) w.write(3, `Reason:\t${str(reason)}\n`);
  }
}

function resources(w: DescribeWriter, r: Json): void {
  for (const [title, key] of [
    ['Limits', 'limits'],
    ['Requests', 'requests'],
  ] as const) {
    const entries = Object.entries(obj(r[key])).sort(([a], [b]) => (a < b ? -1 : 1));
    if (entries.length > 0) w.write(2, `${title}:\n`);
    for (const [k, v] of entries) w.write(3, `${k}:\t${str(v)}\n`);
  }
}

function probe(p: Json): string {
  const attrs = `delay=${str(p.initialDelaySeconds ?? 0)}s timeout=${str(p.timeoutSeconds ?? 0)}s period=${str(p.periodSeconds ?? 0)}s #success=${str(p.successThreshold ?? 0)} #failure=${str(p.failureThreshold ?? 0)}`;
  if (p.exec) return `exec [${arr(obj(p.exec).command).map(str).join(' ')}] ${attrs}`;
  if (p.httpGet) {
    const h = obj(p.httpGet);
    const port = str(h.port);
    const host = port ? `${str(h.host)}:${port}` : str(h.host);
    return `http-get ${str(h.scheme).toLowerCase()}://${host}${str(h.path)} ${attrs}`;
  }
  if (p.tcpSocket) return `tcp-socket ${str(obj(p.tcpSocket).host)}:${str(obj(p.tcpSocket).port)} ${attrs}`;
  if (p.grpc) return `grpc <pod>:${str(obj(p.grpc).port)} ${str(obj(p.grpc).service)} ${attrs}`;
  return `unknown ${attrs}`;
}

function environment(w: DescribeWriter, env: Json[]): void {
  w.write(2, `Environment:${env.length === 0 ? '\t<none>' : ''}\n`);
  for (const e of env) {
    const from = obj(e.valueFrom);
    if (!e.valueFrom) {
      str(e.value)
        .split('\n')
        .forEach((s, i) => w.write(3, i === 0 ? `${str(e.name)}:\t${s}\n` : `\t${s}\n`));
    } else if (from.fieldRef) {
      const f = obj(from.fieldRef);
      w.write(3, `${str(e.name)}:\t (${str(f.apiVersion)}:${str(f.fieldPath)})\n`);
    } else if (from.resourceFieldRef) {
      const f = obj(from.resourceFieldRef);
      w.write(3, `${str(e.name)}:\t${str(f.resource)}\n`);
    } else if (from.secretKeyRef) {
      const f = obj(from.secretKeyRef);
      w.write(3, `${str(e.name)}:\t<set to the key '${str(f.key)}' in secret '${str(f.name)}'>\tOptional: ${goBool(f.optional)}\n`);
    } else if (from.configMapKeyRef) {
      const f = obj(from.configMapKeyRef);
      w.write(3, `${str(e.name)}:\t<set to the key '${str(f.key)}' of config map '${str(f.name)}'>\tOptional: ${goBool(f.optional)}\n`);
    }
  }
}

function mounts(w: DescribeWriter, list: Json[]): void {
  w.write(2, `Mounts:${list.length === 0 ? '\t<none>' : ''}\n`);
  const sorted = [...list].sort((a, b) => (str(a.mountPath) < str(b.mountPath) ? -1 : 1));
  for (const m of sorted) {
    const flags = [m.readOnly ? 'ro' : 'rw', ...(m.subPath ? [`path=${JSON.stringify(m.subPath)}`] : [])];
    w.write(3, `${str(m.mountPath)} from ${str(m.name)} (${flags.join(',')})\n`);
  }
}

function volumes(w: DescribeWriter, list: Json[], space: string): void {
  if (list.length === 0) return w.write(0, `${space}Volumes:\t<none>\n`);
  w.write(0, `${space}Volumes:\n`);
  for (const v of list) {
    w.write(1, `${space ? ' ' : ''}${str(v.name)}:\n`);
    if (v.hostPath) {
      const h = obj(v.hostPath);
      w.write(
        2,
        `Type:\tHostPath (bare host directory volume)\n    Path:\t${str(h.path)}\n    HostPathType:\t${str(h.type) || '<none>'}\n`,
      );
    } else if (v.emptyDir) {
      const e = obj(v.emptyDir);
      w.write(
        2,
        `Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t${str(e.medium)}\n    SizeLimit:\t${str(e.sizeLimit) || '<unset>'}\n`,
      );
    } else if (v.configMap) {
      const c = obj(v.configMap);
      w.write(2, `Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t${str(c.name)}\n    Optional:\t${goBool(c.optional)}\n`);
    } else if (v.secret) {
      const s = obj(v.secret);
      w.write(
        2,
        `Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t${str(s.secretName)}\n    Optional:\t${goBool(s.optional)}\n`,
      );
    } else if (v.persistentVolumeClaim) {
      const c = obj(v.persistentVolumeClaim);
      w.write(
        2,
        `Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t${str(c.claimName)}\n    ReadOnly:\t${goBool(c.readOnly)}\n`,
      );
    } else if (v.projected) {
      w.write(2, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
      for (const s of arr(obj(v.projected).sources)) {
        if (s.secret)
          w.write(2, `SecretName:\t${str(obj(s.secret).name)}\n    SecretOptionalName:\t${optionalPtr(obj(s.secret).optional)}\n`);
        else if (s.downwardAPI) w.write(2, 'DownwardAPI:\ttrue\n');
        else if (s.configMap)
          w.write(2, `ConfigMapName:\t${str(obj(s.configMap).name)}\n    ConfigMapOptional:\t${optionalPtr(obj(s.configMap).optional)}\n`);
        else if (s.serviceAccountToken) w.write(2, `TokenExpirationSeconds:\t${str(obj(s.serviceAccountToken).expirationSeconds)}\n`);
      }
    } else w.write(1, '<unknown>\n');
  }
}

function tolerations(w: DescribeWriter, title: string, list: Json[]): void {
  w.write(0, `${title}:\t`);
  if (list.length === 0) return w.line('<none>');
  const sorted = [...list].sort((a, b) => (str(a.key) < str(b.key) ? -1 : str(a.key) > str(b.key) ? 1 : 0));
  sorted.forEach((t, i) => {
    if (i > 0) w.write(0, '\t');
    let text = str(t.key);
    if (t.value) text += `=${str(t.value)}`;
    if (t.effect) text += `:${str(t.effect)}`;
    if (t.operator === 'Exists' && !t.value) text += t.key || t.effect ? ' op=Exists' : 'op=Exists';
    if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null) text += ` for ${str(t.tolerationSeconds)}s`;
    w.write(0, `${text}\n`);
  });
}

/** BestEffort without cpu/memory requests or limits; Guaranteed when every container's equal; else Burstable. */
function qosClass(spec: Json): string {
  const all = [...arr(spec.initContainers), ...arr(spec.containers)];
  let any = false;
  let guaranteed = true;
  for (const c of all) {
    const r = obj(c.resources);
    const limits = obj(r.limits);
    const requests = { ...limits, ...obj(r.requests) };
    for (const k of ['cpu', 'memory']) {
      if (limits[k] !== undefined || requests[k] !== undefined) any = true;
      if (limits[k] === undefined || str(requests[k]) !== str(limits[k])) guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}
