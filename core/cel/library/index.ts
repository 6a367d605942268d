/** The Kubernetes CEL function library on top of cel-js's standard and string functions. */
import type { Environment } from '@marcbachmann/cel-js';
import { registerFormat } from './format.ts';
import { registerIP } from './ip.ts';
import { registerLists } from './lists.ts';
import { registerQuantity } from './quantity.ts';
import { registerRegex } from './regex.ts';
import { registerSets } from './sets.ts';
import { registerStrings } from './strings.ts';
import { registerURL } from './url.ts';

export function registerKubernetesLibrary(env: Environment): Environment {
  registerLists(env);
  registerSets(env);
  registerRegex(env);
  registerStrings(env);
  registerQuantity(env);
  registerURL(env);
  registerIP(env);
  registerFormat(env);
  return env;
}

export { parseDuration } from './duration.ts';
