/**
 * What every lesson file must be, checked at build time (playground/build/lessons-plugin.ts) and
 * by the tests: an id that is its file name, words to read, a starting state, a check, and a
 * solution that uses only the tools a lesson has.
 */
import type { Lesson, PictureKind } from './lesson.ts';

const PICTURES: readonly PictureKind[] = [
  'objects',
  'ruler',
  'ownership',
  'owners',
  'ladder',
  'paging',
  'envelope',
  'flow',
  'schema',
  'rbac',
];
const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The problems of one lesson (empty: it is fine). */
export function lessonProblems(lesson: Lesson): string[] {
  const p: string[] = [];
  const need = (cond: boolean, what: string) => {
    if (!cond) p.push(`${lesson.id || '(no id)'}: ${what}`);
  };
  need(ID.test(lesson.id), 'the id must be lowercase words joined by "-"');
  need(lesson.title.trim().length > 0 && lesson.title.length <= 80, 'a title of at most 80 characters');
  need(lesson.summary.trim().length > 0 && lesson.summary.length <= 160, 'a one-line summary (at most 160 characters)');
  need(lesson.text.length > 0 && lesson.text.every((t) => t.trim().length > 0), 'some text saying why');
  need(lesson.goal.trim().length > 0, 'a goal');
  need(lesson.steps.length > 0, 'steps');
  need(lesson.hint.trim().length > 0, 'a hint for a wrong attempt');
  need(typeof lesson.check === 'function', 'a check');
  need(lesson.solution.length > 0, 'a solution');
  need(PICTURES.includes(lesson.picture.kind), `a picture of a known kind (${PICTURES.join(', ')})`);
  need(lesson.picture.watch.length > 0, 'a picture that watches at least one resource');
  if (lesson.picture.kind === 'ownership' || lesson.picture.kind === 'envelope')
    need(Boolean(lesson.picture.focus), `a focus object for the ${lesson.picture.kind} picture`);
  for (const [i, s] of lesson.solution.entries()) {
    need(s.say.trim().length > 0, `solution step ${i + 1} says what it does`);
    if (s.tool === 'console') need(METHODS.includes(s.method), `solution step ${i + 1}: a method the console sends`);
    if (s.tool === 'editor' && s.action === 'patch')
      need(Boolean(s.target && s.patchType), `solution step ${i + 1}: a patch needs a patch type and a target`);
    if (s.tool === 'terminal') need(/^orchctl\s/.test(s.command.trim()), `solution step ${i + 1}: a terminal step runs orchctl`);
    if (s.tool === 'clock')
      need(s.advanceMs > 0 && s.advanceMs <= 3_600_000, `solution step ${i + 1}: the clock moves ahead by up to an hour`);
  }
  const s = lesson.settings;
  if (s?.clockSpeed !== undefined) need(s.clockSpeed >= 0 && s.clockSpeed <= 1000, 'a clock speed from 0 to 1000');
  return p;
}

/** The problems of the whole list: each lesson's, ids unique, and every file listed (`files`: ids from file names). */
export function lessonsProblems(lessons: readonly Lesson[], files?: readonly string[]): string[] {
  const p = lessons.flatMap(lessonProblems);
  const ids = lessons.map((l) => l.id);
  for (const id of new Set(ids)) if (ids.indexOf(id) !== ids.lastIndexOf(id)) p.push(`${id}: two lessons have this id`);
  if (files) {
    for (const f of files)
      if (!ids.includes(f)) p.push(`${f}.ts: a lesson file not listed in lessons/index.ts (or its id is not its file name)`);
    for (const id of ids) if (!files.includes(id)) p.push(`${id}: no file ${id}.ts (a lesson’s id is its file name)`);
  }
  return p;
}
