import { CONFIGMAPS, defineLesson, missing, NS, NS_SETUP, ok } from '../tutorial/lesson.ts';

const CM = `/api/v1/namespaces/${NS}/configmaps/wire`;
const TABLE = 'application/json;as=Table;g=meta.orch.io;v=v1';
const PROTOBUF = 'application/vnd.orchestrator.protobuf';

function answered(
  ctx: { requests: readonly { path: string; status: number; headers: Readonly<Record<string, string>> }[] },
  type: RegExp,
): boolean {
  return ctx.requests.some(
    (r) => r.path.startsWith(`/api/v1/namespaces/${NS}/configmaps`) && r.status === 200 && type.test(r.headers['content-type'] ?? ''),
  );
}

export default defineLesson({
  id: 'wire-formats',
  title: 'Wire formats: YAML, Table, protobuf',
  summary: 'The same object in the encodings a client can ask for with Accept.',
  text: [
    'The `Accept` header chooses the encoding. JSON is the default; `application/yaml` is the same object as YAML. `application/json;as=Table;g=meta.orch.io;v=v1` answers a Table: columns and rows, as a command-line client prints them.',
    'Protobuf (`application/vnd.orchestrator.protobuf`, or the `vnd.kubernetes` spelling) is compact binary: four magic bytes `k8s\\0`, then an envelope (`runtime.Unknown`) holding the type (apiVersion and kind), the raw bytes of the object, and two empty strings. The picture takes the envelope apart.',
  ],
  goal: 'GET the ConfigMap `wire` as YAML, the ConfigMaps of `tutorial` as a Table, and `wire` as protobuf.',
  steps: [
    'GET `…/configmaps/wire` with `accept: application/yaml`.',
    `GET \`/api/v1/namespaces/tutorial/configmaps\` with \`accept: ${TABLE}\`.`,
    `GET \`…/configmaps/wire\` with \`accept: ${PROTOBUF}\` (the console shows bytes as text; the picture shows them as hex).`,
  ],
  hint: 'The format is the Accept header (in the headers box), not a query parameter; a Table is asked for with `as=Table` and its group and version.',
  setup: [
    NS_SETUP,
    { method: 'POST', path: `/api/v1/namespaces/${NS}/configmaps`, body: { metadata: { name: 'wire' }, data: { hello: 'world' } } },
  ],
  start: { tool: 'console', console: { method: 'GET', path: CM, headers: 'accept: application/yaml' } },
  picture: { kind: 'envelope', watch: [{ ...CONFIGMAPS, namespace: NS }], focus: CM },
  async check(ctx) {
    if (!answered(ctx, /yaml/)) return missing('an answer in YAML');
    if (!answered(ctx, /as=Table/)) return missing('an answer as a Table');
    if (!answered(ctx, /protobuf/)) return missing('an answer in protobuf');
    return ok;
  },
  solution: [
    { tool: 'console', say: 'YAML: the same object, another syntax.', method: 'GET', path: CM, headers: 'accept: application/yaml' },
    {
      tool: 'console',
      say: 'A Table: columns and rows.',
      method: 'GET',
      path: `/api/v1/namespaces/${NS}/configmaps`,
      headers: `accept: ${TABLE}`,
    },
    { tool: 'console', say: 'Protobuf: magic bytes, then the envelope.', method: 'GET', path: CM, headers: `accept: ${PROTOBUF}` },
  ],
});
