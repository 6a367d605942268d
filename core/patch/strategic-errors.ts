/**
 * Strategic merge patch failures, worded as the platform words them (k8s.io/apimachinery
 * `mergepatch`). Codes follow its interpretStrategicMergePatchError: bad patch formats are 400,
 * lists of lists 422. The failures it leaves unmapped (and so answers 500) are the client's
 * fault too; they are 400 here.
 */
import type { JsonObject, JsonValue } from '../util/json.ts';
import { goType, goValue } from './go-format.ts';
import { PatchError } from './patch-error.ts';

export const smpErrors = {
  primitiveListFormat: (): PatchError => PatchError.malformed('invalid patch format of primitive list'),
  retainKeysFormat: (): PatchError => PatchError.malformed('invalid patch format of retainKeys'),
  setElementOrderFormat: (): PatchError => PatchError.malformed('invalid patch format of setElementOrder list'),
  listOfLists: (): PatchError => PatchError.unprocessable('lists of lists are not supported'),
  noMergeKey: (m: JsonObject, key: string): PatchError =>
    PatchError.malformed(`map: ${goValue(m)} does not contain declared merge key: ${key}`),
  badArgType: (expected: 'map' | 'list', actual: JsonValue | undefined): PatchError =>
    PatchError.malformed(
      `expected a ${expected === 'map' ? 'map[string]interface {}' : '[]interface {}'}, but received a ${goType(actual)}`,
    ),
  badPatchType: (directive: JsonValue, m: JsonObject): PatchError =>
    PatchError.malformed(`unknown patch type: ${goValue(directive)} in map: ${goValue(m)}`),
  mergeDirectiveInList: (): PatchError => PatchError.malformed('merging lists cannot yet be specified in the patch'),
  noMergeKeyDeclared: (itemsName: string): PatchError => PatchError.malformed(`cannot merge lists without merge key for ${itemsName}`),
  mixedElements: (lists: readonly (readonly JsonValue[])[]): PatchError =>
    PatchError.malformed(`list element types are not identical: ${goValue(lists as JsonValue[])}`),
  orderMismatch: (list: readonly JsonValue[], order: readonly JsonValue[]): PatchError =>
    PatchError.malformed(
      `the order in patch list:\n${goValue(list as JsonValue[])}\n doesn't match $setElementOrder list:\n${goValue(order as JsonValue[])}`,
    ),
  unknownDirective: (key: string): PatchError => PatchError.malformed(`unknown strategic merge patch directive ${JSON.stringify(key)}`),
  notAMap: (index: number): PatchError => PatchError.malformed(`value for key ${index} is not a map`),
};
