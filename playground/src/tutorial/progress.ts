/**
 * The learner's progress, in IndexedDB (the `idb` wrapper), so it survives reloads and works
 * offline: which lessons are done, and which lesson's starting state the store now holds (a
 * reload of a lesson carries on where the learner was instead of starting it again).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

interface ProgressDb extends DBSchema {
  done: { key: string; value: { id: string; at: number } };
  state: { key: string; value: { key: string; lesson: string } };
}

const DB = 'orch-tutorial';
let db: Promise<IDBPDatabase<ProgressDb>> | undefined;

function open(): Promise<IDBPDatabase<ProgressDb>> {
  db ??= openDB<ProgressDb>(DB, 1, {
    upgrade(d) {
      d.createObjectStore('done', { keyPath: 'id' });
      d.createObjectStore('state', { keyPath: 'key' });
    },
  });
  return db;
}

export async function doneLessons(): Promise<Set<string>> {
  return new Set(await (await open()).getAllKeys('done'));
}

export async function markDone(id: string): Promise<void> {
  await (await open()).put('done', { id, at: Date.now() });
}

/** The lesson whose starting state the store holds (undefined: none, or the sandbox's). */
export async function activeLesson(): Promise<string | undefined> {
  return (await (await open()).get('state', 'active'))?.lesson;
}

export async function setActiveLesson(id: string | undefined): Promise<void> {
  const d = await open();
  if (id === undefined) await d.delete('state', 'active');
  else {
    await d.put('state', { key: 'active', lesson: id });
    await d.put('state', { key: 'ever', lesson: id });
  }
}

/** Whether a lesson has ever been started here (after that, the store may hold what one left). */
export async function anyLessonStarted(): Promise<boolean> {
  return (await (await open()).get('state', 'ever')) !== undefined;
}

export async function forgetProgress(): Promise<void> {
  const d = await open();
  await d.clear('done');
  await d.clear('state');
}
