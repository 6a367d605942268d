/**
 * The interactive tutorial: lessons (playground/src/lessons/, one file each) run against the
 * in-tab server, each with a live picture, an automatic check, "show me" and reset; progress in
 * IndexedDB. The playground's frame routes `#/` and `#/lessons/<id>` here.
 */
export { parseRoute, routeHref, lessonHref, type Route } from './router.ts';
export { Tutorial } from './tutorial.ts';
export { LESSON_READY } from './lesson-view.ts';
export type { Lesson } from './lesson.ts';
