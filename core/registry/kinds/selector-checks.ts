/** metav1.LabelSelector validation as the real platform does it for workload and claim selectors. */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isQualifiedName, isValidLabelValue } from '../../meta/names.ts';
import { validateLabels } from '../../meta/validation.ts';
import { isObject, type JsonObject } from '../../util/json.ts';
import { listAt, textAt } from './field-checks.ts';

/** Strict selector rules: operators with or without values, label keys and values well formed. */
export function validateLabelSelector(selector: JsonObject, path: string): FieldError[] {
  const errs: FieldError[] = [];
  listAt(selector.matchExpressions).forEach((e, i) => {
    if (!isObject(e)) return;
    const p = `${path}.matchExpressions[${i}]`;
    const values = listAt(e.values);
    if ((e.operator === 'In' || e.operator === 'NotIn') && values.length === 0) {
      errs.push(fieldErrors.required(`${p}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
    }
    if ((e.operator === 'Exists' || e.operator === 'DoesNotExist') && values.length > 0) {
      errs.push(fieldErrors.forbidden(`${p}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
    }
    const key = textAt(e.key);
    for (const m of isQualifiedName(key)) errs.push(fieldErrors.invalid(`${p}.key`, key, m));
    values.forEach((v, j) => {
      for (const m of isValidLabelValue(textAt(v))) errs.push(fieldErrors.invalid(`${p}.values[${j}]`, v, m));
    });
  });
  errs.push(...validateLabels(selector.matchLabels, `${path}.matchLabels`));
  return errs;
}
