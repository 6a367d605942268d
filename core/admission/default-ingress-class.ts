/**
 * DefaultIngressClass (mutating, Ingress creates): an Ingress that names no class, neither by
 * `spec.ingressClassName` (even empty) nor by the deprecated class annotation (any value), gets
 * the class marked default. With several marked, the newest wins, and among classes created in
 * the same second the first by name (since v1.25; earlier releases refused the Ingress). Updates
 * are left alone.
 */
import { INGRESS_CLASS_ANNOTATIONS } from '../registry/kinds/ingress.ts';
import { isDefaultIngressClass } from '../registry/kinds/ingressclass.ts';
import type { Ingress, IngressClass } from '../registry/types/networking-v1.ts';
import type { AdmissionPlugin } from './plugin.ts';

const GROUP = 'networking.orch.io';
const CLASSES = { group: GROUP, resource: 'ingressclasses' };

export const defaultIngressClass: AdmissionPlugin = {
  name: 'DefaultIngressClass',
  kinds: [{ group: GROUP, kind: 'Ingress' }],
  operations: ['CREATE'],
  admit(a) {
    if (a.subresource) return;
    const ingress = a.object as unknown as Ingress;
    if (ingress.spec?.ingressClassName != null) return;
    const annotations = ingress.metadata?.annotations ?? {};
    if (INGRESS_CLASS_ANNOTATIONS.some((key) => annotations[key] !== undefined)) return;
    const chosen = newestDefault(a.objects.list(CLASSES) as unknown as IngressClass[]);
    if (!chosen) return;
    ingress.spec = { ...ingress.spec, ingressClassName: chosen };
  },
};

/** The name of the newest class marked default, or undefined when none is. */
function newestDefault(classes: readonly IngressClass[]): string | undefined {
  let best: { readonly name: string; readonly created: number } | undefined;
  for (const c of classes) {
    if (!isDefaultIngressClass(c)) continue;
    const name = c.metadata?.name ?? '';
    // Creation times are kept to the second, so classes made in the same second tie on it.
    const created = Date.parse(c.metadata?.creationTimestamp ?? '') || 0;
    if (!best || created > best.created || (created === best.created && name < best.name)) best = { name, created };
  }
  return best?.name;
}
