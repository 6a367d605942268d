/** What a kind's describer gets: the object, its events and lists it may need, and the time. */
import type { JsonObject } from '../objects.ts';

export interface DescribeContext {
  /** The events about the object (undefined when --show-events=false). */
  events(): Promise<JsonObject[] | undefined>;
  /** The items at a list path; undefined when the server has no such resource (404). */
  list(path: string): Promise<JsonObject[] | undefined>;
  readonly now: number;
}

export type Describer = (obj: JsonObject, ctx: DescribeContext) => Promise<string>;
