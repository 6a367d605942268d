import { at, CONFIGMAPS, defineLesson, missing, NS, NS_SETUP, ok, sent } from '../tutorial/lesson.ts';

const APP = `/api/v1/namespaces/${NS}/configmaps/app`;

/** The patch types by the content type orchctl sends for each `--type`. */
const PATCH_TYPES: readonly [string, RegExp][] = [
  ['merge', /^application\/merge-patch\+json/],
  ['strategic', /^application\/strategic-merge-patch\+json/],
  ['json', /^application\/json-patch\+json/],
];

export default defineLesson({
  id: 'orchctl',
  title: 'orchctl in the terminal',
  summary: 'The command-line client: create, get -o yaml, and patch with each --type, against the in-tab server.',
  text: [
    '`orchctl` is this project’s `kubectl`: the same commands, flags and output, sending the same requests. The terminal here runs it against the in-tab server (its kubeconfig points at this page). `orchctl get configmap app -o yaml` prints the object as the server holds it; `-v=6` on any command prints the requests it sends.',
    '`orchctl patch` sends a patch of the `--type` you choose: `strategic` (the default; for built-in kinds, lists merge by their key), `merge` (a JSON merge patch: maps merge, `null` deletes, lists are replaced) or `json` (a list of operations). Each write records its field manager in `managedFields`: `orchctl-create`, `orchctl-patch`.',
  ],
  goal: 'With orchctl: create ConfigMap `app` in `tutorial` with `mode=dev`, then set `mode` to `prod` with a merge patch, add the label `tier: backend` with a strategic merge patch, and add `data.replicas: "3"` with a JSON patch.',
  steps: [
    '`orchctl create configmap app -n tutorial --from-literal=mode=dev`, then `orchctl get configmap app -n tutorial -o yaml`.',
    '`orchctl patch configmap app -n tutorial --type=merge -p \'{"data":{"mode":"prod"}}\'`',
    '`orchctl patch configmap app -n tutorial --type=strategic -p \'{"metadata":{"labels":{"tier":"backend"}}}\'`',
    '`orchctl patch configmap app -n tutorial --type=json -p \'[{"op":"add","path":"/data/replicas","value":"3"}]\'`',
  ],
  hint: 'Each change needs its own `--type`: a JSON patch is a list of operations (`[{"op":"add",...}]`), a merge or strategic patch is a partial object. A patch sent with the wrong `--type` for its body is refused and changes nothing.',
  settings: { controllers: false },
  setup: [NS_SETUP],
  start: { tool: 'terminal' },
  picture: { kind: 'objects', watch: [{ ...CONFIGMAPS, namespace: NS }], field: 'data' },
  async check(ctx) {
    const cm = await ctx.get(APP);
    const managers = ((at(cm, 'metadata.managedFields') as { manager?: string }[] | undefined) ?? []).map((m) => m.manager);
    if (!cm || !managers.includes('orchctl-create')) return missing('ConfigMap app made by orchctl create');
    if (at(cm, 'data.mode') !== 'prod') return missing('data.mode: prod');
    if (at(cm, 'metadata.labels.tier') !== 'backend') return missing('the label tier: backend');
    if (at(cm, 'data.replicas') !== '3') return missing('data.replicas: "3"');
    const patches = sent(ctx, { method: 'PATCH', path: /\/configmaps\/app(\?|$)/, status: 200 });
    for (const [type, contentType] of PATCH_TYPES) {
      if (!patches.some((r) => contentType.test(r.requestHeaders['content-type'] ?? ''))) return missing(`a --type=${type} patch`);
    }
    return ok;
  },
  solution: [
    { tool: 'terminal', say: 'Create the ConfigMap.', command: 'orchctl create configmap app -n tutorial --from-literal=mode=dev' },
    { tool: 'terminal', say: 'Read it back as YAML.', command: 'orchctl get configmap app -n tutorial -o yaml' },
    {
      tool: 'terminal',
      say: 'A merge patch sets mode.',
      command: 'orchctl patch configmap app -n tutorial --type=merge -p \'{"data":{"mode":"prod"}}\'',
    },
    {
      tool: 'terminal',
      say: 'A strategic merge patch adds a label.',
      command: 'orchctl patch configmap app -n tutorial --type=strategic -p \'{"metadata":{"labels":{"tier":"backend"}}}\'',
    },
    {
      tool: 'terminal',
      say: 'A JSON patch adds a key.',
      command: 'orchctl patch configmap app -n tutorial --type=json -p \'[{"op":"add","path":"/data/replicas","value":"3"}]\'',
    },
  ],
});
