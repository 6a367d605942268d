import { CONFIGMAPS, defineLesson, missing, NS, NS_SETUP, ok, sent, type LessonContext } from '../tutorial/lesson.ts';

const CM = `/api/v1/namespaces/${NS}/configmaps/counter`;

interface Counter {
  apiVersion: string;
  kind: string;
  metadata: { name: string; resourceVersion: string };
  data: Record<string, string>;
}

async function withCount(ctx: LessonContext, count: string, stale: boolean): Promise<string> {
  const now = await ctx.get<Counter>(CM);
  if (!now) throw new Error('counter is gone: reset the lesson');
  const rv = stale ? String(Number(now.metadata.resourceVersion) - 1) : now.metadata.resourceVersion;
  return JSON.stringify({ ...now, metadata: { ...now.metadata, resourceVersion: rv }, data: { count } }, null, 2);
}

export default defineLesson({
  id: 'optimistic-concurrency',
  title: 'resourceVersion and optimistic concurrency',
  summary: 'Provoke a 409 Conflict with a stale resourceVersion, then update from the current one.',
  text: [
    'Every object carries `metadata.resourceVersion`, which changes on every write. A PUT that sends a resourceVersion says: "replace the object, but only if it is still the one I read". If someone wrote it in between, the server answers 409 Conflict and nothing is changed.',
    'This is optimistic concurrency: no locks, just "read, change, write, and if you lost the race, read again". Every controller works like this.',
  ],
  goal: 'Get a 409 Conflict from a PUT of `counter` with an old resourceVersion, then set `data.count` to `"2"` with a PUT that carries the current one.',
  steps: [
    'GET `/api/v1/namespaces/tutorial/configmaps/counter` and note its resourceVersion.',
    'PUT it back with `data.count: "2"` but a smaller resourceVersion (one from before its last write): 409.',
    'PUT again with the current resourceVersion: 200.',
  ],
  hint: 'The 409 comes only when the resourceVersion in the body is not the object’s current one. The successful PUT needs exactly the current resourceVersion (GET it again first).',
  setup: [
    NS_SETUP,
    { method: 'POST', path: `/api/v1/namespaces/${NS}/configmaps`, body: { metadata: { name: 'counter' }, data: { count: '0' } } },
    { method: 'PATCH', path: CM, headers: { 'content-type': 'application/merge-patch+json' }, body: { data: { count: '1' } } },
  ],
  start: { tool: 'console', console: { method: 'GET', path: CM } },
  picture: { kind: 'ruler', watch: [{ ...CONFIGMAPS, namespace: NS }] },
  async check(ctx) {
    const conflicts = sent(ctx, { method: 'PUT', path: /\/counter$/, status: 409 });
    if (!conflicts.length) return missing('a PUT answered 409 Conflict');
    const after = ctx.requests.slice(ctx.requests.indexOf(conflicts[0]!));
    if (!after.some((r) => r.method === 'PUT' && r.status === 200)) return missing('a successful PUT after the conflict');
    const now = await ctx.get<Counter>(CM);
    if (now?.data.count !== '2') return missing('data.count is not "2"');
    return ok;
  },
  solution: [
    { tool: 'console', say: 'Read the object: its resourceVersion is the version you hold.', method: 'GET', path: CM },
    {
      tool: 'console',
      say: 'Write with a resourceVersion from before the last write: the server refuses with 409.',
      method: 'PUT',
      path: CM,
      headers: 'content-type: application/json',
      body: (ctx) => withCount(ctx, '2', true),
    },
    {
      tool: 'console',
      say: 'Read again, and write with the current resourceVersion: 200.',
      method: 'PUT',
      path: CM,
      headers: 'content-type: application/json',
      body: (ctx) => withCount(ctx, '2', false),
    },
  ],
});
