import { CONFIGMAPS, defineLesson, missing, NS, NS_SETUP, ok, sent } from '../tutorial/lesson.ts';

const CMS = `/api/v1/namespaces/${NS}/configmaps`;

export default defineLesson({
  id: 'objects-and-verbs',
  title: 'Objects and verbs',
  summary: 'Create, get, list, update and delete an object; read the Status of an error.',
  text: [
    'Everything the API server keeps is an object: a kind, a name, metadata, and the fields of that kind. Every object lives at a URL, and the HTTP method says what to do with it: POST to the collection creates, GET reads one object or lists the collection, PUT replaces, PATCH changes part of it, DELETE removes it.',
    'When the server refuses, it does not just send a status code: the body is a `Status` object with a `reason` (`NotFound`, `AlreadyExists`, `Invalid`...) and a message a person can read.',
  ],
  goal: 'The namespace `tutorial` holds a ConfigMap `greeting` whose `data.message` is `hello`, and the old ConfigMap `old-note` is gone. On the way, ask for an object that does not exist and read the 404 Status.',
  steps: [
    'In the YAML editor, create the ConfigMap `greeting` in namespace `tutorial` with `data: {message: hello}`.',
    'In the request console, GET `/api/v1/namespaces/tutorial/configmaps/nobody` and read the Status that comes back.',
    'DELETE `/api/v1/namespaces/tutorial/configmaps/old-note`.',
  ],
  hint: 'The object must be named `greeting`, live in namespace `tutorial`, and have `data.message: hello`. Deleting is a DELETE on the object’s own URL, not on the collection.',
  setup: [NS_SETUP, { method: 'POST', path: CMS, body: { metadata: { name: 'old-note' }, data: { note: 'delete me' } } }],
  start: {
    tool: 'editor',
    yaml: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: greeting\n  namespace: ${NS}\ndata:\n  message: hi\n`,
  },
  picture: { kind: 'objects', watch: [{ ...CONFIGMAPS, namespace: NS }], field: 'data' },
  async check(ctx) {
    const greeting = await ctx.get<{ data?: Record<string, string> }>(`${CMS}/greeting`);
    if (greeting?.data?.message !== 'hello') return missing('a ConfigMap greeting with data.message: hello');
    if (!sent(ctx, { method: 'GET', status: 404 }).length) return missing('a GET of an object that does not exist (404)');
    if (await ctx.get(`${CMS}/old-note`)) return missing('old-note is still there');
    return ok;
  },
  solution: [
    {
      tool: 'editor',
      say: 'Create the ConfigMap: a POST of the object to its collection.',
      action: 'create',
      yaml: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: greeting\n  namespace: ${NS}\ndata:\n  message: hello\n`,
    },
    {
      tool: 'console',
      say: 'Ask for an object that is not there: 404 and a Status saying NotFound.',
      method: 'GET',
      path: `${CMS}/nobody`,
    },
    { tool: 'console', say: 'Delete old-note on its own URL.', method: 'DELETE', path: `${CMS}/old-note` },
  ],
});
