/**
 * What a lesson's picture is drawn from (watch-state.ts keeps it up to date): the watched
 * objects, the watch events stamped with the server clock's time, and the learner's requests.
 */
import type { KubeObject } from '../../../controllers/runtime/index.ts';
import type { LoggedRequest } from './lesson.ts';

/** The watch cache's history window (core/watch-cache: 5 minutes of the server clock). */
export const HISTORY_WINDOW_MS = 5 * 60_000;

export type Shown = KubeObject & { readonly kind: string };

export interface SeenEvent {
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'LISTED';
  readonly kind: string;
  readonly name: string;
  readonly rv: number;
  /** Server clock time (ms) when it arrived. */
  readonly at: number;
}

export interface PictureState {
  /** Every watched object now, each tagged with its kind. */
  readonly objects: readonly Shown[];
  /** Objects deleted while the lesson ran (drawn faded). */
  readonly deleted: readonly Shown[];
  readonly events: readonly SeenEvent[];
  readonly requests: readonly LoggedRequest[];
  /** The server clock now (estimated). */
  readonly clockNow: number;
}

export const EMPTY_STATE: PictureState = { objects: [], deleted: [], events: [], requests: [], clockNow: 0 };
