/**
 * The field and label selectors of an access review's resourceAttributes (AuthorizeWithSelectors,
 * on in v1.32): how the real validation refuses a malformed one, and how a well-formed one that
 * still cannot be read is reported in the answer's `evaluationError` instead of refused.
 */
import { fieldErrors, type FieldError } from '../errors/field-error.ts';
import { isQualifiedName, isValidLabelValue } from '../meta/names.ts';
import type { FieldSelectorAttributes, LabelSelectorAttributes, ResourceAttributes } from '../registry/types/authorization-v1.ts';
import { parseFieldSelector } from '../selection/field-selector.ts';
import { parseLabelSelector } from '../selection/label-selector.ts';

type Selector = FieldSelectorAttributes | LabelSelectorAttributes;
type Requirement = NonNullable<Selector['requirements']>[number];
type Flavour = 'fieldSelector' | 'labelSelector';

const PATH = 'spec.resourceAttributes';

/**
 * A selector is its raw text or its parsed requirements, never both nor neither. Unknown
 * operators pass, so that a newer client can still be answered; label keys and values must be
 * well formed, field keys only present.
 */
function validateSelector(selector: Selector | undefined, flavour: Flavour): FieldError[] {
  if (!selector) return [];
  const path = `${PATH}.${flavour}`;
  const errs: FieldError[] = [];
  const raw = selector.rawSelector ?? '';
  const requirements = selector.requirements ?? [];
  if (raw && requirements.length) {
    errs.push(fieldErrors.invalid(`${path}.rawSelector`, raw, 'may not specified at the same time as requirements'));
  }
  if (!raw && !requirements.length) {
    errs.push(fieldErrors.required(`${path}.requirements`, `when ${path} is specified, requirements or rawSelector is required`));
  }
  const labels = flavour === 'labelSelector';
  requirements.forEach((r, i) => {
    const p = `${path}.requirements[${i}]`;
    const key = r.key ?? '';
    const values = r.values ?? [];
    if (!labels && !key) errs.push(fieldErrors.required(`${p}.key`, 'must be specified'));
    if ((r.operator === 'In' || r.operator === 'NotIn') && !values.length) {
      errs.push(fieldErrors.required(`${p}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
    }
    if ((r.operator === 'Exists' || r.operator === 'DoesNotExist') && values.length) {
      errs.push(fieldErrors.forbidden(`${p}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
    }
    if (!labels) return;
    for (const m of isQualifiedName(key)) errs.push(fieldErrors.invalid(`${p}.key`, key, m));
    values.forEach((v, j) => {
      for (const m of isValidLabelValue(v)) errs.push(fieldErrors.invalid(`${p}.values[${j}]`, v, m));
    });
  });
  return errs;
}

/** The validation errors of both selectors, field selector first. */
export function validateSelectors(ra: ResourceAttributes | undefined): FieldError[] {
  if (!ra) return [];
  return [...validateSelector(ra.fieldSelector, 'fieldSelector'), ...validateSelector(ra.labelSelector, 'labelSelector')];
}

/** A field requirement becomes `=` or `!=` of one value; anything else cannot be used. */
function fieldRequirementReadable(r: Requirement): boolean {
  return (r.operator === 'In' || r.operator === 'NotIn') && r.values?.length === 1;
}

/** A label requirement must name a known operator, a label key, and values only where the operator takes them. */
function labelRequirementReadable(r: Requirement): boolean {
  const values = r.values ?? [];
  const takesValues = r.operator === 'In' || r.operator === 'NotIn';
  if (!takesValues && r.operator !== 'Exists' && r.operator !== 'DoesNotExist') return false;
  if (takesValues !== values.length > 0 || isQualifiedName(r.key ?? '').length) return false;
  return values.every((v) => isValidLabelValue(v).length === 0);
}

/** How much of a selector the authorizer could be given: all of it, some requirements, or none. */
function readability(selector: Selector | undefined, flavour: Flavour): 'whole' | 'partly' | 'not' {
  if (!selector) return 'whole';
  const requirements = selector.requirements ?? [];
  // Requirements, when present, stand instead of the raw text.
  if (requirements.length) {
    const readable = requirements.filter(flavour === 'fieldSelector' ? fieldRequirementReadable : labelRequirementReadable).length;
    return readable === requirements.length ? 'whole' : readable ? 'partly' : 'not';
  }
  if (!selector.rawSelector) return 'whole';
  try {
    (flavour === 'fieldSelector' ? parseFieldSelector : parseLabelSelector)(selector.rawSelector);
    return 'whole';
  } catch {
    return 'not';
  }
}

/**
 * What the answer's `evaluationError` says of selectors that could not be read: the review is
 * still answered, judged without what was dropped (`spec.resourceAttributes.fieldSelector ignored
 * due to parse error`, `... partially ignored ...`).
 */
export function selectorEvaluationErrors(ra: ResourceAttributes | undefined): string[] {
  if (!ra) return [];
  const out: string[] = [];
  for (const flavour of ['fieldSelector', 'labelSelector'] as const) {
    const r = readability(ra[flavour], flavour);
    if (r !== 'whole') out.push(`${PATH}.${flavour} ${r === 'partly' ? 'partially ignored' : 'ignored'} due to parse error`);
  }
  return out;
}
