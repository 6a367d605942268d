/**
 * The deprecated annotations the baseline checks still read. orch spells the real platform's
 * `kubernetes.io` annotation domains `orchestrator.io` (as in
 * `authentication.orchestrator.io/pod-name`), so these are the real keys with that domain.
 */

/** AppArmor profile of one container, before the `appArmorProfile` field: `<prefix><container name>`. */
export const APPARMOR_CONTAINER_ANNOTATION_PREFIX = 'container.apparmor.security.beta.orchestrator.io/';
/** Seccomp profile of the whole pod, before the `seccompProfile` field (read by policy versions before v1.19). */
export const SECCOMP_POD_ANNOTATION = 'seccomp.security.alpha.orchestrator.io/pod';
/** Seccomp profile of one container, before the `seccompProfile` field: `<prefix><container name>`. */
export const SECCOMP_CONTAINER_ANNOTATION_PREFIX = 'container.seccomp.security.alpha.orchestrator.io/';

/** The annotation values naming the runtime's default profile and a profile of the node. */
export const PROFILE_RUNTIME_DEFAULT = 'runtime/default';
export const PROFILE_DOCKER_DEFAULT = 'docker/default';
export const PROFILE_LOCALHOST_PREFIX = 'localhost/';
