/** metav1.LabelSelector validation as the real platform does it for workload and claim selectors. */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isQualifiedName, isValidLabelValue } from '../../meta/names.ts';
import { validateLabels } from '../../meta/validation.ts';
import type { LabelSelector } from '../types/meta-v1.ts';

/** Strict selector rules: operators with or without values, label keys and values well formed. */
export function validateLabelSelector(selector: LabelSelector, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (selector.matchExpressions ?? []).forEach((e, i) => {
    const p = `${path}.matchExpressions[${i}]`;
    const values = e.values ?? [];
    if ((e.operator === 'In' || e.operator === 'NotIn') && values.length === 0) {
      errs.push(fieldErrors.required(`${p}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
    }
    if ((e.operator === 'Exists' || e.operator === 'DoesNotExist') && values.length > 0) {
      errs.push(fieldErrors.forbidden(`${p}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
    }
    for (const m of isQualifiedName(e.key)) errs.push(fieldErrors.invalid(`${p}.key`, e.key, m));
    values.forEach((v, j) => {
      for (const m of isValidLabelValue(v)) errs.push(fieldErrors.invalid(`${p}.values[${j}]`, v, m));
    });
  });
  errs.push(...validateLabels(selector.matchLabels, `${path}.matchLabels`));
  return errs;
}
