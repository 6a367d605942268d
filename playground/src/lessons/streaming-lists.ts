import { CONFIGMAPS, defineLesson, missing, NS, NS_SETUP, ok } from '../tutorial/lesson.ts';

const CMS = `/api/v1/namespaces/${NS}/configmaps`;
const STREAM = `${CMS}?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`;

export default defineLesson({
  id: 'streaming-lists',
  title: 'Bookmarks and streaming lists',
  summary: 'A watch that starts with the current state (sendInitialEvents) and a bookmark that marks its end.',
  text: [
    'A client usually lists, then watches from the list’s resourceVersion. A big list is one big answer the server must build at once. A streaming list does it in one request instead: a watch with `sendInitialEvents=true` first sends every existing object as an ADDED event, then a BOOKMARK annotated `orch.io/initial-events-end`, then the changes.',
    'Bookmarks carry no object, only a resourceVersion: "you are up to date until here". A client that asks for them (`allowWatchBookmarks=true`) can resume a dropped watch from a recent version instead of an old one.',
  ],
  goal: 'Open a streaming list of the ConfigMaps in `tutorial` and see the three ADDED events and the bookmark that ends the initial events.',
  steps: [
    'GET `…/configmaps?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`.',
    'Find the BOOKMARK with the annotation `orch.io/initial-events-end: "true"` after the ADDED events.',
  ],
  hint: 'sendInitialEvents needs `resourceVersionMatch=NotOlderThan` and bookmarks allowed; without `allowWatchBookmarks=true` there is no end-of-initial-events bookmark.',
  setup: [
    NS_SETUP,
    ...['alpha', 'beta', 'gamma'].map((name) => ({ method: 'POST', path: CMS, body: { metadata: { name }, data: { name } } })),
  ],
  start: { tool: 'console', console: { method: 'GET', path: `${CMS}?watch=1` } },
  picture: { kind: 'ruler', watch: [{ ...CONFIGMAPS, namespace: NS }] },
  async check(ctx) {
    const stream = ctx.requests.find((r) => /sendInitialEvents=true/.test(r.path) && /initial-events-end/.test(r.text));
    if (!stream) return missing('a watch with sendInitialEvents whose bookmark marks the end of the initial events');
    const added = stream.text.split('\n').filter((l) => l.includes('"ADDED"')).length;
    if (added < 3) return missing('the three ADDED events before the bookmark');
    return ok;
  },
  solution: [
    {
      tool: 'console',
      say: 'A streaming list: ADDED for each object, then the bookmark that ends the initial events.',
      method: 'GET',
      path: STREAM,
      stopAfterMs: 400,
    },
  ],
});
