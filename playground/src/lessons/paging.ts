import { CONFIGMAPS, defineLesson, missing, NS, NS_SETUP, ok, type LoggedRequest } from '../tutorial/lesson.ts';

const CMS = `/api/v1/namespaces/${NS}/configmaps`;

interface ListBody {
  metadata?: { continue?: string; resourceVersion?: string };
  items?: { metadata: { name: string } }[];
}

function isPage(r: LoggedRequest): boolean {
  return r.method === 'GET' && /configmaps\?/.test(r.path) && /[?&]limit=/.test(r.path) && r.status === 200;
}

export default defineLesson({
  id: 'paging',
  title: 'Paging with limit and continue',
  summary: 'List in pages; the later pages read the snapshot of the first.',
  text: [
    'A list can come in pages: `limit=3` answers three items and a `continue` token in the list’s metadata. Sending the token back (`continue=…`) gives the next page, until an answer has no token.',
    'All pages read the same snapshot: the store as it was at the first page’s resourceVersion. An object created while you page does not show up in a later page, so the pages fit together without holes or repeats. (A token older than the history window is 410 Gone, like an old watch.)',
  ],
  goal: 'List the seven ConfigMaps of `tutorial` three at a time to the end, and create `late` after the first page: it must not appear in any page.',
  steps: [
    'GET `/api/v1/namespaces/tutorial/configmaps?limit=3` and copy `metadata.continue`.',
    'Create a ConfigMap `late` in `tutorial`.',
    'GET `…?limit=3&continue=<token>` until the answer has no continue token.',
  ],
  hint: 'Each next page is the same path with `limit=3&continue=<the token of the page before>`; create `late` after the first page and before the last.',
  setup: [
    NS_SETUP,
    ...['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n) => ({ method: 'POST', path: CMS, body: { metadata: { name: `item-${n}` } } })),
  ],
  start: { tool: 'console', console: { method: 'GET', path: `${CMS}?limit=3` } },
  picture: { kind: 'paging', watch: [{ ...CONFIGMAPS, namespace: NS }] },
  async check(ctx) {
    const pages = ctx.requests.filter(isPage);
    const first = pages.findIndex((r) => !/[?&]continue=/.test(r.path));
    if (first < 0) return missing('a first page (limit=3, no continue)');
    let token = (pages[first]!.json as ListBody).metadata?.continue;
    const names = [...((pages[first]!.json as ListBody).items ?? []).map((i) => i.metadata.name)];
    let last = pages[first]!;
    for (const p of pages.slice(first + 1)) {
      if (!token || (!p.path.includes(`continue=${encodeURIComponent(token)}`) && !p.path.includes(`continue=${token}`))) continue;
      const body = p.json as ListBody;
      names.push(...(body.items ?? []).map((i) => i.metadata.name));
      token = body.metadata?.continue;
      last = p;
    }
    if (token) return missing('the pages up to the one without a continue token');
    const created = ctx.requests.findIndex((r) => r.method === 'POST' && r.status === 201 && /"late"/.test(r.text));
    const firstAt = ctx.requests.indexOf(pages[first]!);
    if (created < firstAt || created > ctx.requests.indexOf(last)) return missing('late, created between the first and the last page');
    if (names.includes('late')) return missing('pages that do not show late');
    if (names.length !== 7) return missing('all seven items, each once');
    return ok;
  },
  solution: [
    { tool: 'console', say: 'The first page: three items and a continue token.', method: 'GET', path: `${CMS}?limit=3` },
    {
      tool: 'editor',
      say: 'A write while paging.',
      action: 'create',
      yaml: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: late\n  namespace: ${NS}\n`,
    },
    {
      tool: 'console',
      say: 'The next page, from the token: the snapshot of the first page, without late.',
      method: 'GET',
      path: async (ctx) => `${CMS}?limit=3&continue=${encodeURIComponent(lastToken(ctx.requests))}`,
    },
    {
      tool: 'console',
      say: 'The last page: no continue token.',
      method: 'GET',
      path: async (ctx) => `${CMS}?limit=3&continue=${encodeURIComponent(lastToken(ctx.requests))}`,
    },
  ],
});

function lastToken(requests: readonly LoggedRequest[]): string {
  const page = [...requests].reverse().find(isPage);
  const token = (page?.json as ListBody | undefined)?.metadata?.continue;
  if (!token) throw new Error('no page with a continue token yet');
  return token;
}
