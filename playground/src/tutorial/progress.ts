/**
 * The learner's progress, in IndexedDB (the `idb` wrapper), so it survives reloads and works
 * offline: which lessons are done, which lesson's starting state the store now holds (a reload
 * of a lesson carries on where the learner was instead of starting it again), and the requests
 * the learner sent in it (the check and the picture read them, so they must survive too).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { LoggedRequest } from './lesson.ts';

interface ProgressDb extends DBSchema {
  done: { key: string; value: { id: string; at: number } };
  state: { key: string; value: { key: string; lesson: string } };
  requests: { key: string; value: { lesson: string; requests: LoggedRequest[] } };
}

const DB = 'orch-tutorial';
let db: Promise<IDBPDatabase<ProgressDb>> | undefined;

function open(): Promise<IDBPDatabase<ProgressDb>> {
  db ??= openDB<ProgressDb>(DB, 2, {
    upgrade(d, from) {
      if (from < 1) {
        d.createObjectStore('done', { keyPath: 'id' });
        d.createObjectStore('state', { keyPath: 'key' });
      }
      if (from < 2) d.createObjectStore('requests', { keyPath: 'lesson' });
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

/** The learner's requests in a lesson, as they were last saved (oldest first). */
export async function savedRequests(lesson: string): Promise<LoggedRequest[]> {
  return (await (await open()).get('requests', lesson))?.requests ?? [];
}

/** Keeps the learner's requests in a lesson (only finished ones: a watch still streaming is not). */
export async function saveRequests(lesson: string, requests: readonly LoggedRequest[]): Promise<void> {
  await (await open()).put('requests', { lesson, requests: requests.filter((r) => r.done) });
}

export async function forgetProgress(): Promise<void> {
  const d = await open();
  await d.clear('done');
  await d.clear('state');
  await d.clear('requests');
}
