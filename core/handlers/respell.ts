/**
 * Objects read through a group's `k8s.io` alias path (`/apis/rbac.authorization.k8s.io/…`) are
 * answered in that spelling: their apiVersion, and the fields their kind declares to name its own
 * group (KindDefinition.groupFields: RBAC's `roleRef.apiGroup`, `subjects[].apiGroup`). kubectl's
 * typed clients decode only their own scheme's apiVersion, and compare those fields with what
 * they wrote (`kubectl auth reconcile` recreates a binding whose roleRef looks changed).
 */
import { apiVersionOf, type KindDefinition } from '../registry/definition.ts';
import { isObject, type JsonObject } from '../util/json.ts';

/** An object's JSON as a request through an alias is answered. */
export type Respell = (json: string) => string;

/** How objects of `def` are answered to a path that named its group `asked`; undefined when that is the served group. */
export function respeller(def: KindDefinition, asked: string): Respell | undefined {
  if (asked === def.group) return undefined;
  const servedVersion = apiVersionOf(def);
  const askedVersion = `${asked}/${def.version}`;
  const fields = def.groupFields ?? [];
  const quoted = JSON.stringify(def.group);
  return (json) => {
    const text = respelledApiVersion(json, servedVersion, askedVersion);
    // Most objects hold the group nowhere else: no parse for them.
    if (!fields.length || !text.includes(quoted)) return text;
    const obj = JSON.parse(text) as JsonObject;
    for (const path of fields) respellAt(obj, path, 0, def.group, asked);
    return JSON.stringify(obj);
  };
}

/** The apiVersion comes first in a stored object's text: one replacement, no parse. */
function respelledApiVersion(json: string, served: string, asked: string): string {
  return json.replace(`"apiVersion":"${served}"`, `"apiVersion":"${asked}"`);
}

function respellAt(value: unknown, path: readonly string[], i: number, served: string, asked: string): void {
  const step = path[i];
  if (step === '[]') {
    if (Array.isArray(value)) for (const item of value) respellAt(item, path, i + 1, served, asked);
    return;
  }
  if (!isObject(value)) return;
  if (i === path.length - 1) {
    if (value[step] === served) value[step] = asked;
    return;
  }
  respellAt(value[step], path, i + 1, served, asked);
}
