/**
 * Alias expansion in YAML bodies, bounded as the real platform's YAML decoder bounds it
 * (CVE-2019-11253: a few hundred bytes of nested anchors and aliases otherwise expand to
 * gigabytes). Its decoder walks the document tree, following every alias into the node it names,
 * and counts each node it enters (keys included, an alias and the node behind it each once) and,
 * separately, each node entered from inside an alias. It stops with `document contains excessive
 * aliasing` the moment more than 100 aliased and more than 1,000 nodes in all have been entered
 * and the aliased share exceeds what the document's size allows: 99% up to 400,000 nodes, falling
 * evenly to 10% at 4,000,000 and beyond. An alias entered again from within itself stops it too
 * (`anchor 'x' value contains itself`). The same walk runs here over the parser's events, before
 * anything is built, so it costs what the real decoder's does (a bomb is stopped within about a
 * hundred times its own nodes, and no walk passes much more than a million) and never the expansion.
 *
 * The parser here shares one value between an anchor and its aliases, so what passes is copied
 * out (`unshareAliases`): the platform decodes each alias to its own copy, and a change to one
 * place (a default, a label written by the server) must not show up in another.
 */
import { EVENT_ID, type Event } from 'js-yaml';
import { setOwn } from '../util/json.ts';

const RATIO_RANGE_LOW = 400_000;
const RATIO_RANGE_HIGH = 4_000_000;

/** The share of entered nodes that may come from aliases, by how many have been entered. */
function allowedAliasRatio(decodes: number): number {
  if (decodes <= RATIO_RANGE_LOW) return 0.99;
  if (decodes >= RATIO_RANGE_HIGH) return 0.1;
  return 0.99 - (0.89 * (decodes - RATIO_RANGE_LOW)) / (RATIO_RANGE_HIGH - RATIO_RANGE_LOW);
}

export const EXCESSIVE_ALIASING = 'yaml: document contains excessive aliasing';

/**
 * The decoder's error for the first document of `events` (parsed from `source`), or undefined
 * when its aliases stay within bounds. An alias to an unknown anchor is left for the builder to
 * report (the real parser refuses it before decoding too).
 */
export function yamlAliasError(events: readonly Event[], source: string): string | undefined {
  const doc = events.findIndex((e) => e.type === EVENT_ID.DOCUMENT);
  if (doc < 0) return undefined;
  const shape = documentShape(events, doc, source);
  if (shape === undefined || !shape.hasAliases) return undefined;
  const { end, target } = shape;

  let decodes = 1; // the document node itself
  let aliased = 0;
  let aliasDepth = 0;
  // Aliases being followed (entering one again is a loop).
  const following = new Set<number>();
  // Where the walk resumes: an event index (the next child of an open collection) or, as
  // ~index, the end of following the alias at that index.
  const resume: number[] = [];
  let node = doc + 1;
  if (events[node] === undefined || events[node].type === EVENT_ID.POP) return undefined;
  for (;;) {
    if (node >= 0) {
      decodes++;
      if (aliasDepth > 0) aliased++;
      if (aliased > 100 && decodes > 1000 && aliased / decodes > allowedAliasRatio(decodes)) return EXCESSIVE_ALIASING;
      const e = events[node];
      if (e.type === EVENT_ID.ALIAS) {
        if (following.has(node)) return `yaml: anchor '${source.slice(e.anchorStart, e.anchorEnd)}' value contains itself`;
        following.add(node);
        aliasDepth++;
        resume.push(~node);
        node = target[node];
        continue;
      }
      if (e.type === EVENT_ID.SEQUENCE || e.type === EVENT_ID.MAPPING) resume.push(node + 1);
    }
    const next = resume.pop();
    if (next === undefined) return undefined;
    if (next < 0) {
      following.delete(~next);
      aliasDepth--;
      node = -1;
    } else if (events[next].type === EVENT_ID.POP) {
      node = -1;
    } else {
      resume.push(end[next] || next + 1);
      node = next;
    }
  }
}

interface DocumentShape {
  /** By a collection's start index: the index just past its closing event (0 for other events). */
  end: Int32Array;
  /** By an alias's index: the start index of the node its anchor names (as defined when it appears). */
  target: Int32Array;
  hasAliases: boolean;
}

/** One pass over the document starting at `doc`: where collections end and what aliases name. */
function documentShape(events: readonly Event[], doc: number, source: string): DocumentShape | undefined {
  const end = new Int32Array(events.length);
  const target = new Int32Array(events.length);
  let hasAliases = false;
  const anchors = new Map<string, number>();
  const open: number[] = [];
  for (let i = doc + 1; i < events.length; i++) {
    const e = events[i];
    if (e.type === EVENT_ID.POP) {
      const start = open.pop();
      if (start === undefined) break; // the document's own end
      end[start] = i + 1;
      continue;
    }
    if (e.type === EVENT_ID.DOCUMENT) break;
    if (e.type === EVENT_ID.ALIAS) {
      const named = anchors.get(source.slice(e.anchorStart, e.anchorEnd));
      if (named === undefined) return undefined;
      target[i] = named;
      hasAliases = true;
      continue;
    }
    // An anchor names its node from the node's start, so an alias inside it can name it.
    if (e.anchorStart >= 0) anchors.set(source.slice(e.anchorStart, e.anchorEnd), i);
    if (e.type === EVENT_ID.SEQUENCE || e.type === EVENT_ID.MAPPING) open.push(i);
  }
  return { end, target, hasAliases };
}

/**
 * `value` with every array and object reached more than once (through an alias) copied, so that
 * no two places share one. Iterative: aliases can nest values deeper than the text does.
 */
export function unshareAliases(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const seen = new Set<object>([value]);
  const todo: object[] = [value];
  // The value at `key` of `holder`, copied if it was met before; objects are walked in turn.
  const visit = (holder: object, key: string | number) => {
    let v = (holder as Record<string | number, unknown>)[key];
    if (v === null || typeof v !== 'object') return;
    if (seen.has(v)) {
      v = shallowCopy(v);
      setOwn(holder as Record<string, unknown>, String(key), v);
    }
    seen.add(v as object);
    todo.push(v as object);
  };
  for (let holder = todo.pop(); holder !== undefined; holder = todo.pop()) {
    if (Array.isArray(holder)) for (let i = 0; i < holder.length; i++) visit(holder, i);
    else for (const k of Object.keys(holder)) visit(holder, k);
  }
  return value;
}

function shallowCopy(v: object): object {
  if (Array.isArray(v)) return v.slice();
  const copy: Record<string, unknown> = {};
  for (const k of Object.keys(v)) setOwn(copy, k, (v as Record<string, unknown>)[k]);
  return copy;
}
