/**
 * Checks of condition lists keyed by `type`, for kinds declared over their generated interfaces
 * (field-checks.ts's validateConditionTypes reads the same lists as untyped JSON).
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';

/** Conditions keyed by `type`: each needs a type, and a type appears once. */
export function validateConditionTypes(
  conditions: readonly { readonly type?: string }[] | undefined,
  path: string,
  missingTypeDetail = '',
): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (conditions ?? []).forEach((c, i) => {
    const type = c.type ?? '';
    if (seen.has(type)) errs.push(fieldErrors.duplicate(`${path}[${i}].type`, type));
    seen.add(type);
    if (!type) errs.push(fieldErrors.required(`${path}[${i}].type`, missingTypeDetail));
  });
  return errs;
}
