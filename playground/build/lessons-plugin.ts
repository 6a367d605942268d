/**
 * Vite plugin: refuses to build (or serve) the playground when a lesson file does not validate:
 * every file in playground/src/lessons/ must be listed, its id must be its file name, and it must
 * have words, a goal, a check, a picture and a solution (playground/src/tutorial/validate.ts).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { LESSONS } from '../src/lessons/index.ts';
import { lessonsProblems } from '../src/tutorial/validate.ts';

const LESSONS_DIR = fileURLToPath(new URL('../src/lessons/', import.meta.url));

/** The ids the lesson files' names give. */
export function lessonFiles(dir = LESSONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
    .map((f) => f.slice(0, -3));
}

export function lessonsCheck(): Plugin {
  return {
    name: 'orch-lessons-check',
    buildStart() {
      const problems = lessonsProblems(LESSONS, lessonFiles());
      if (problems.length) this.error(`the lesson files do not validate:\n  ${problems.join('\n  ')}`);
    },
  };
}
