import { CONFIGMAPS, defineLesson, missing, NS, NS_SETUP, ok, sent } from '../tutorial/lesson.ts';

const CMS = `/api/v1/namespaces/${NS}/configmaps`;

async function firstRv(ctx: { get<T>(p: string): Promise<T | undefined> }): Promise<string> {
  const first = await ctx.get<{ metadata: { resourceVersion: string } }>(`${CMS}/first`);
  if (!first) throw new Error('the ConfigMap first is gone: reset the lesson');
  return first.metadata.resourceVersion;
}

export default defineLesson({
  id: 'watch-history',
  title: 'Watch, its history window and 410 Gone',
  summary: 'Watch from a resourceVersion; let history age past 5 minutes; meet 410 Gone.',
  text: [
    'A watch starts from a resourceVersion: "tell me everything that happened after this version". The server can do that because it keeps a history of recent events, but only for a while: 5 minutes here, as in the real API server’s watch cache.',
    'Ask for a version older than the history and the watch ends at once with an ERROR event carrying a 410 Gone (`Expired`) Status. A client that gets this must list again and watch from the list’s resourceVersion: that is what every informer does.',
    'Nobody waits 5 real minutes here: the clock buttons move the server’s clock ahead.',
  ],
  goal: 'Watch ConfigMaps in `tutorial` from the resourceVersion of `first` after its history aged out, and get the 410; then list again.',
  steps: [
    'Watch from `first`’s resourceVersion now: `GET /api/v1/namespaces/tutorial/configmaps?watch=1&resourceVersion=<rv>`. The events after it stream in (stop the watch).',
    'Move the clock 6 minutes ahead, then change `ticker` (any write), so history starts after `first`.',
    'Watch from the same resourceVersion again: an ERROR event with code 410.',
    'List the ConfigMaps (no watch): that list’s resourceVersion is where a new watch would start.',
  ],
  hint: 'History only moves when the clock does: advance it more than 5 minutes, then write something, then watch from the old resourceVersion of `first`.',
  setup: [
    NS_SETUP,
    { method: 'POST', path: CMS, body: { metadata: { name: 'first' }, data: { n: '0' } } },
    { method: 'POST', path: CMS, body: { metadata: { name: 'ticker' }, data: { n: '1' } } },
    { method: 'PATCH', path: `${CMS}/ticker`, headers: { 'content-type': 'application/merge-patch+json' }, body: { data: { n: '2' } } },
  ],
  start: { tool: 'console', console: { method: 'GET', path: `${CMS}?watch=1&resourceVersion=` } },
  picture: { kind: 'ruler', watch: [{ ...CONFIGMAPS, namespace: NS }] },
  async check(ctx) {
    const gone = ctx.requests.findIndex((r) => /[?&]watch=/.test(r.path) && (r.status === 410 || /"code":\s*410/.test(r.text)));
    if (gone < 0) return missing('a watch that ended with 410 Gone');
    const relisted = ctx.requests
      .slice(gone + 1)
      .some((r) => r.method === 'GET' && !/[?&]watch=/.test(r.path) && /configmaps/.test(r.path) && r.status === 200);
    if (!relisted) return missing('a list after the 410');
    if (!sent(ctx, { method: 'GET' }).length) return missing('a watch');
    return ok;
  },
  solution: [
    {
      tool: 'console',
      say: 'Watch from first’s resourceVersion: the later writes stream in as events.',
      method: 'GET',
      path: async (ctx) => `${CMS}?watch=1&resourceVersion=${await firstRv(ctx)}`,
      stopAfterMs: 300,
    },
    { tool: 'clock', say: 'Six minutes pass on the server’s clock.', advanceMs: 6 * 60_000 },
    {
      tool: 'editor',
      say: 'A write after the wait: history now begins after first.',
      action: 'patch',
      patchType: 'merge',
      target: { resource: '/configmaps', namespace: NS, name: 'ticker' },
      yaml: 'data:\n  n: "3"\n',
    },
    {
      tool: 'console',
      say: 'The same watch again: an ERROR event, 410 Gone, "too old resource version".',
      method: 'GET',
      path: async (ctx) => `${CMS}?watch=1&resourceVersion=${await firstRv(ctx)}`,
      stopAfterMs: 300,
    },
    { tool: 'console', say: 'List again: its resourceVersion is where a new watch starts.', method: 'GET', path: CMS },
  ],
});
