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

  it.each(cases)('%s: %s', async (id, _what, requests) => {
    const lesson = LESSONS.find((l) => l.id === id);
    if (!lesson) throw new Error(`no lesson ${id}`);
    run = await runLessonInNode(lesson);
    for (const req of requests) await run.learner(req);
    const result = await run.checkEventually(4);
    expect(result.done).toBe(false);
    expect(result.missing).toBeTruthy();
  });
});
