/**
 * Every lesson file is valid, and every lesson can be solved: its solution, played against an
 * in-process server with the playground's controllers on a virtual clock, turns its check green,
 * while the untouched starting state leaves it red.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { lessonFiles, lessonsCheck } from '../../playground/build/lessons-plugin.ts';
import { LESSONS } from '../../playground/src/lessons/index.ts';
import { runCheck } from '../../playground/src/tutorial/engine.ts';
import { lessonProblems, lessonsProblems } from '../../playground/src/tutorial/validate.ts';
import type { Lesson, LessonRequest } from '../../playground/src/tutorial/lesson.ts';
import { runLessonInNode, type NodeLessonRun } from './lesson-host.ts';

const FILES = lessonFiles();

describe('lesson files', () => {
  it('there are at least 18, each in its own file and listed', () => {
    expect(LESSONS.length).toBeGreaterThanOrEqual(18);
    expect(lessonsProblems(LESSONS, FILES)).toEqual([]);
  });

  it.each([
    ['an id that is not a slug', { id: 'Bad Id' }, 'the id must be'],
    ['no goal', { goal: '' }, 'a goal'],
    ['an unknown picture', { picture: { kind: 'pie', watch: [] } }, 'a picture of a known kind'],
    ['no solution', { solution: [] }, 'a solution'],
  ])('a lesson with %s is refused', (_name, change, problem) => {
    const broken = { ...LESSONS[0], ...change } as Lesson;
    expect(lessonProblems(broken).join('\n')).toContain(problem);
  });

  it('the build checks them: the plugin passes the lessons as they are', () => {
    const errors: string[] = [];
    const hook = lessonsCheck().buildStart as (this: { error(m: string): never }) => void;
    hook.call({
      error(m: string): never {
        errors.push(m);
        throw new Error(m);
      },
    });
    expect(errors).toEqual([]);
  });

  it('a file that is not listed is refused', () => {
    expect(lessonsProblems(LESSONS, [...FILES, 'stray']).join('\n')).toContain('stray.ts: a lesson file not listed');
  });
});

describe('every lesson is solvable', () => {
  let run: NodeLessonRun | undefined;
  afterEach(async () => {
    await run?.stop();
    run = undefined;
  });

  it.each(LESSONS.map((l) => [l.id, l] as const))('%s: red at the start, green after its solution', async (_id, lesson) => {
    run = await runLessonInNode(lesson);
    expect((await runCheck(lesson, run.ctx)).done, 'the starting state must not pass').toBe(false);
    await run.solve();
    const result = await run.checkEventually();
    expect(result, result.missing).toEqual({ done: true });
  });
});

describe('a wrong attempt leaves the check red', () => {
  let run: NodeLessonRun | undefined;
  afterEach(async () => {
    await run?.stop();
    run = undefined;
  });

  const mergePatch = { 'content-type': 'application/merge-patch+json' };
  const apply = { 'content-type': 'application/apply-patch+yaml' };
  const cases: [string, string, LessonRequest[]][] = [
    [
      'optimistic-concurrency',
      'an update without the conflict first',
      [{ method: 'PATCH', path: '/api/v1/namespaces/tutorial/configmaps/counter', headers: mergePatch, body: { data: { count: '2' } } }],
    ],
    [
      'patch-types',
      'a merge patch replaces the containers list, losing nginx',
      [
        {
          method: 'PATCH',
          path: '/apis/apps/v1/namespaces/tutorial/statefulsets/web',
          headers: mergePatch,
          body: { spec: { replicas: 2, template: { spec: { containers: [{ name: 'log', image: 'busybox' }] } } } },
        },
      ],
    ],
    [
      'field-ownership',
      'bob applies without force',
      [
        {
          method: 'PATCH',
          path: '/api/v1/namespaces/tutorial/configmaps/settings?fieldManager=bob',
          headers: apply,
          body: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: tutorial\ndata:\n  a: "9"\n  b: "2"\n  c: "3"\n',
        },
      ],
    ],
    [
      'apply-removal',
      'the field set empty instead of left out',
      [
        {
          method: 'PATCH',
          path: '/api/v1/namespaces/tutorial/configmaps/app-config?fieldManager=deployer',
          headers: apply,
          body: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\n  namespace: tutorial\ndata:\n  mode: prod\n  debug: ""\n',
        },
      ],
    ],
    [
      'managed-fields-reset',
      'an empty list, which leaves managedFields alone',
      [
        {
          method: 'PATCH',
          path: '/api/v1/namespaces/tutorial/configmaps/legacy',
          headers: mergePatch,
          body: { metadata: { managedFields: [] } },
        },
      ],
    ],
    [
      'finalizers',
      'the finalizer removed without deleting first',
      [
        {
          method: 'PATCH',
          path: '/api/v1/namespaces/tutorial/configmaps/guarded',
          headers: mergePatch,
          body: { metadata: { finalizers: null } },
        },
      ],
    ],
  ];

  const json = { 'content-type': 'application/json' };
  const asAlice = { 'impersonate-user': 'alice', 'impersonate-group': 'dev' };
  cases.push(
    [
      'custom-resources',
      'a CRD without a CEL rule, so nothing is refused',
      [
        {
          method: 'POST',
          path: '/apis/apiextensions.orch.io/v1/customresourcedefinitions',
          headers: json,
          body: {
            metadata: { name: 'websites.example.com' },
            spec: {
              group: 'example.com',
              scope: 'Namespaced',
              names: { plural: 'websites', singular: 'website', kind: 'Website' },
              versions: [
                {
                  name: 'v1',
                  served: true,
                  storage: true,
                  schema: {
                    openAPIV3Schema: {
                      type: 'object',
                      properties: { spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
                    },
                  },
                },
              ],
            },
          },
        },
        {
          method: 'POST',
          path: '/apis/example.com/v1/namespaces/tutorial/websites',
          headers: json,
          body: { apiVersion: 'example.com/v1', kind: 'Website', metadata: { name: 'blog' }, spec: { replicas: 5, tier: 'small' } },
        },
      ],
    ],
    [
      'rbac-users',
      'alice bound to cluster-admin: she may delete too',
      [
        { method: 'GET', path: '/api/v1/namespaces/tutorial/configmaps', headers: asAlice },
        {
          method: 'POST',
          path: '/apis/rbac.authorization.orch.io/v1/namespaces/tutorial/rolebindings',
          headers: json,
          body: {
            metadata: { name: 'alice-admin' },
            subjects: [{ kind: 'User', name: 'alice', apiGroup: 'rbac.authorization.orch.io' }],
            roleRef: { kind: 'ClusterRole', name: 'cluster-admin', apiGroup: 'rbac.authorization.orch.io' },
          },
        },
        { method: 'GET', path: '/api/v1/namespaces/tutorial/configmaps', headers: asAlice },
      ],
    ],
  );

  /** What the newer lessons' checks say is missing after their wrong attempt. */
  const WHY: Record<string, string> = {
    'custom-resources': 'a CEL rule (x-kubernetes-validations) in its schema',
    'rbac-users': 'alice allowed to read ConfigMaps, but not to delete them',
  };

  it.each(cases)('%s: %s', async (id, _what, requests) => {
    const lesson = LESSONS.find((l) => l.id === id);
    if (!lesson) throw new Error(`no lesson ${id}`);
    run = await runLessonInNode(lesson);
    for (const req of requests) await run.learner(req);
    const result = await run.checkEventually(4);
    expect(result.done).toBe(false);
    expect(result.missing).toBeTruthy();
    if (id in WHY) expect(result.missing).toBe(WHY[id]);
  });

  it.each([
    ['before the grant', 'list', 'no', false],
    ['after the grant', 'list', 'yes', true],
    ['after the grant', 'delete', 'no', true],
  ])('rbac-users: orchctl auth can-i as alice, %s: %s → %s', async (_when, verb, answer, solved) => {
    const lesson = LESSONS.find((l) => l.id === 'rbac-users');
    if (!lesson) throw new Error('no lesson rbac-users');
    run = await runLessonInNode(lesson);
    if (solved) await run.solve();
    const r = await run.terminal(`orchctl auth can-i ${verb} configmaps -n tutorial --as alice --as-group dev`);
    expect(r).toEqual({ code: answer === 'yes' ? 0 : 1, out: `${answer}\n` });
  });

  it.each([
    [
      'everything in one merge patch: no strategic or JSON patch was sent',
      [
        'orchctl create configmap app -n tutorial --from-literal=mode=dev',
        'orchctl patch configmap app -n tutorial --type=merge -p \'{"metadata":{"labels":{"tier":"backend"}},"data":{"mode":"prod","replicas":"3"}}\'',
      ],
      0,
      'a --type=strategic patch',
    ],
    [
      'a JSON patch sent as a merge patch is refused and changes nothing',
      [
        'orchctl create configmap app -n tutorial --from-literal=mode=dev',
        'orchctl patch configmap app -n tutorial --type=merge -p \'[{"op":"add","path":"/data/replicas","value":"3"}]\'',
      ],
      1,
      'data.mode: prod',
    ],
  ])('orchctl: %s', async (_what, commands, lastCode, missingNow) => {
    const lesson = LESSONS.find((l) => l.id === 'orchctl');
    if (!lesson) throw new Error('no lesson orchctl');
    run = await runLessonInNode(lesson);
    let code = 0;
    for (const c of commands) code = (await run.terminal(c)).code;
    expect(code).toBe(lastCode);
    const result = await run.checkEventually(4);
    expect(result).toEqual({ done: false, missing: missingNow });
  });
});
