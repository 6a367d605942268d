/** Every kind the server knows. Adding a kind is adding its file and a line here. */
import type { KindDefinition } from '../definition.ts';
import { ACCESS_REVIEW_KINDS } from './access-reviews.ts';
import { componentStatusKind } from './componentstatus.ts';
import { configMapKind } from './configmap.ts';
import { controllerRevisionKind } from './controllerrevision.ts';
import { customResourceDefinitionKind } from './customresourcedefinition.ts';
import { coreEventKind } from './event-core.ts';
import { eventsV1EventKind } from './event.ts';
import { flowSchemaKind } from './flowschema.ts';
import { ingressKind } from './ingress.ts';
import { ingressClassKind } from './ingressclass.ts';
import { leaseKind } from './lease.ts';
import { namespaceKind } from './namespace.ts';
import { persistentVolumeClaimKind } from './persistentvolumeclaim.ts';
import { podKind } from './pod.ts';
import { priorityLevelConfigurationKind } from './prioritylevelconfiguration.ts';
import { clusterRoleBindingKind, clusterRoleKind, roleBindingKind, roleKind } from './rbac.ts';
import { resourceClaimKind } from './resourceclaim.ts';
import { resourceClaimTemplateKind } from './resourceclaimtemplate.ts';
import { secretKind } from './secret.ts';
import { serviceKind } from './service.ts';
import { serviceAccountKind } from './serviceaccount.ts';
import { statefulSetKind } from './statefulset.ts';
import { tokenReviewKind } from './token-review.ts';

export const BUILTIN_KINDS: readonly KindDefinition[] = [
  namespaceKind,
  configMapKind,
  secretKind,
  serviceAccountKind,
  podKind,
  serviceKind,
  persistentVolumeClaimKind,
  coreEventKind,
  eventsV1EventKind,
  statefulSetKind,
  controllerRevisionKind,
  ingressKind,
  ingressClassKind,
  leaseKind,
  flowSchemaKind,
  priorityLevelConfigurationKind,
  resourceClaimTemplateKind,
  resourceClaimKind,
  roleKind,
  clusterRoleKind,
  roleBindingKind,
  clusterRoleBindingKind,
  componentStatusKind,
  customResourceDefinitionKind,
  ...ACCESS_REVIEW_KINDS,
  tokenReviewKind,
];

export {
  componentStatusKind,
  clusterRoleBindingKind,
  clusterRoleKind,
  configMapKind,
  controllerRevisionKind,
  coreEventKind,
  customResourceDefinitionKind,
  eventsV1EventKind,
  flowSchemaKind,
  ingressClassKind,
  ingressKind,
  leaseKind,
  namespaceKind,
  persistentVolumeClaimKind,
  podKind,
  priorityLevelConfigurationKind,
  resourceClaimKind,
  resourceClaimTemplateKind,
  roleBindingKind,
  roleKind,
  secretKind,
  serviceAccountKind,
  serviceKind,
  statefulSetKind,
  tokenReviewKind,
};
