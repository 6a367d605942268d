/**
 * Admission: plugins that see writes after decoding and defaulting, read other objects, and change
 * (mutating) or refuse (validating) them. `BUILTIN_ADMISSION` is the real server's default set
 * that orch implements, in the real order; `createApiServer({ admission })` replaces it.
 */
import { defaultIngressClass } from './default-ingress-class.ts';
import type { AdmissionPlugin } from './plugin.ts';
import { podSecurity } from './pod-security-admission/admission.ts';
import * as podSecurityChecks from './pod-security/checks.ts';

export { Admission, KindAdmission, type AdmissionInput } from './chain.ts';
export { registryView } from './object-view.ts';
export type { AdmissionAttributes, AdmissionOperation, AdmissionPlugin, ObjectView } from './plugin.ts';
export { defaultIngressClass } from './default-ingress-class.ts';
export { podSecurity, type PodSecurityChecks } from './pod-security-admission/admission.ts';

export const BUILTIN_ADMISSION: readonly AdmissionPlugin[] = [defaultIngressClass, podSecurity(podSecurityChecks)];
