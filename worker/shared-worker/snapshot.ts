/**
 * A snapshot of the whole store: every key with its revisions, at one revision. It is what the
 * playground exports and imports (as a JSON file), so importing checks it as the untrusted input
 * it is, naming the first thing wrong.
 */
import type { KeyValue } from '../../core/index.ts';
import type { Snapshot } from '../protocol/control.ts';

const KEY_PREFIX = '/registry/';

function isRevision(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
}

function fail(message: string): never {
  throw new TypeError(`invalid snapshot: ${message}`);
}

export function toSnapshot(contents: { revision: number; items: readonly KeyValue[] }): Snapshot {
  return {
    kind: 'OrchSnapshot',
    version: 1,
    revision: contents.revision,
    items: contents.items.map(({ key, value, modRevision, createRevision }) => ({ key, value, modRevision, createRevision })),
  };
}

/** The snapshot in `input` (parsed JSON or its text), or a TypeError saying what is wrong. */
export function parseSnapshot(input: unknown): Snapshot {
  let s = input;
  if (typeof s === 'string') {
    try {
      s = JSON.parse(s) as unknown;
    } catch (err) {
      fail(`not JSON (${err instanceof Error ? err.message : String(err)})`);
    }
  }
  if (typeof s !== 'object' || s === null || Array.isArray(s)) fail('expected an object');
  const o = s as Record<string, unknown>;
  if (o.kind !== 'OrchSnapshot') fail('kind must be "OrchSnapshot"');
  if (o.version !== 1) fail(`unsupported version ${JSON.stringify(o.version)} (this playground reads version 1)`);
  if (o.revision !== 0 && !isRevision(o.revision)) fail('revision must be a non-negative integer');
  if (!Array.isArray(o.items)) fail('items must be an array');
  const revision = o.revision as number;
  const seen = new Set<string>();
  const items = o.items.map((raw: unknown, i): KeyValue => {
    const at = `items[${i}]`;
    if (typeof raw !== 'object' || raw === null) fail(`${at} must be an object`);
    const it = raw as Record<string, unknown>;
    if (typeof it.key !== 'string' || !it.key.startsWith(KEY_PREFIX)) fail(`${at}.key must be a string starting with ${KEY_PREFIX}`);
    if (seen.has(it.key)) fail(`${at}.key ${it.key} appears twice`);
    seen.add(it.key);
    if (typeof it.value !== 'string') fail(`${at}.value must be a string (the object's JSON)`);
    try {
      const obj = JSON.parse(it.value) as unknown;
      if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) throw new Error('not an object');
    } catch (err) {
      fail(`${at}.value is not a JSON object (${err instanceof Error ? err.message : String(err)})`);
    }
    if (!isRevision(it.createRevision) || !isRevision(it.modRevision)) fail(`${at} revisions must be positive integers`);
    if (it.createRevision > it.modRevision) fail(`${at}.createRevision is after its modRevision`);
    if (it.modRevision > revision) fail(`${at}.modRevision is after the snapshot's revision`);
    return { key: it.key, value: it.value, createRevision: it.createRevision, modRevision: it.modRevision };
  });
  return { kind: 'OrchSnapshot', version: 1, revision, items };
}
