/** Read-modify-write with optimistic concurrency: redo on 409 Conflict, a few times. */
import { isConflict } from './api-error.ts';

/** The real client's default: five attempts. */
const DEFAULT_ATTEMPTS = 5;

export async function retryOnConflict<R>(fn: () => Promise<R>, attempts = DEFAULT_ATTEMPTS): Promise<R> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (!isConflict(err) || i >= attempts) throw err;
    }
  }
}
