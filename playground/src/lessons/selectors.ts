import { CONFIGMAPS, defineLesson, missing, NS, NS_SETUP, ok, type LoggedRequest } from '../tutorial/lesson.ts';

const CMS = `/api/v1/namespaces/${NS}/configmaps`;

function names(r: LoggedRequest): string[] {
  const items = (r.json as { items?: { metadata: { name: string } }[] } | undefined)?.items ?? [];
  return items.map((i) => i.metadata.name).sort();
}

const OBJECTS: [string, Record<string, string>][] = [
  ['web-frontend', { app: 'web', tier: 'frontend' }],
  ['web-api', { app: 'web', tier: 'backend' }],
  ['web-cache', { app: 'web', tier: 'cache' }],
  ['db-main', { app: 'db', tier: 'backend' }],
  ['db-replica', { app: 'db' }],
];

export default defineLesson({
  id: 'selectors',
  title: 'Label and field selectors',
  summary: 'Ask the server for only the objects you want, by label and by field.',
  text: [
    'Labels are how objects find each other (a Service its pods, a StatefulSet its pods). A list or watch can carry a `labelSelector`: `app=web`, `tier!=cache`, `tier in (frontend,backend)`, `!tier`, joined by commas meaning "and".',
    'A `fieldSelector` selects on a few fields of the object itself: every kind has `metadata.name` and `metadata.namespace`, some have more (a pod’s `spec.nodeName`, `status.phase`).',
  ],
  goal: 'With one label selector, list exactly the `app=web` ConfigMaps that are not `tier=cache`; with a field selector, list only `db-main`.',
  steps: [
    'GET `/api/v1/namespaces/tutorial/configmaps?labelSelector=…` answering `web-api` and `web-frontend` only.',
    'GET `…?fieldSelector=metadata.name=db-main`.',
  ],
  hint: 'Two requirements joined by a comma: `app=web,tier!=cache` (URL-encode `!=` or type it as it is; the console sends what you type).',
  setup: [NS_SETUP, ...OBJECTS.map(([name, labels]) => ({ method: 'POST', path: CMS, body: { metadata: { name, labels } } }))],
  start: { tool: 'console', console: { method: 'GET', path: `${CMS}?labelSelector=app%3Dweb` } },
  picture: { kind: 'objects', watch: [{ ...CONFIGMAPS, namespace: NS }], field: 'metadata.labels' },
  async check(ctx) {
    const byLabel = ctx.requests.some(
      (r) => /labelSelector=/.test(r.path) && r.status === 200 && names(r).join() === 'web-api,web-frontend',
    );
    if (!byLabel) return missing('a label-selected list answering web-api and web-frontend only');
    const byField = ctx.requests.some((r) => /fieldSelector=/.test(r.path) && r.status === 200 && names(r).join() === 'db-main');
    if (!byField) return missing('a field-selected list answering db-main only');
    return ok;
  },
  solution: [
    {
      tool: 'console',
      say: 'Both requirements hold for each item: app is web and tier is not cache.',
      method: 'GET',
      path: `${CMS}?labelSelector=${encodeURIComponent('app=web,tier!=cache')}`,
    },
    { tool: 'console', say: 'A field selector on the name.', method: 'GET', path: `${CMS}?fieldSelector=metadata.name%3Ddb-main` },
  ],
});
