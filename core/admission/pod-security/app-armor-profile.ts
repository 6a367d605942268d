/**
 * Baseline: the AppArmor profile may be the runtime's default or one loaded on the node, never
 * Unconfined — by the `appArmorProfile` fields of pod and containers and by the deprecated
 * per-container annotations alike.
 */
import { goQuote } from '../../errors/go-quote.ts';
import { APPARMOR_CONTAINER_ANNOTATION_PREFIX, PROFILE_LOCALHOST_PREFIX, PROFILE_RUNTIME_DEFAULT } from './annotations.ts';
import type { Check } from './check.ts';
import { containersPhrase, joinQuote, pluralize, sortedSet, sortStrings, visitContainers } from './helpers.ts';

const allowedType = (type: string | undefined): boolean => type === 'RuntimeDefault' || type === 'Localhost';

const allowedAnnotation = (value: string): boolean =>
  value === '' || value === PROFILE_RUNTIME_DEFAULT || value.startsWith(PROFILE_LOCALHOST_PREFIX);

export const appArmorProfile: Check = {
  id: 'appArmorProfile',
  level: 'baseline',
  versions: [
    {
      minimumMinor: 0,
      checkPod: (meta, spec) => {
        const setters: string[] = [];
        const values: string[] = [];
        const podProfile = spec.securityContext?.appArmorProfile;
        if (podProfile && !allowedType(podProfile.type)) {
          setters.push('pod');
          values.push(podProfile.type ?? '');
        }
        const bad: string[] = [];
        visitContainers(spec, (c) => {
          const profile = c.securityContext?.appArmorProfile;
          if (profile && !allowedType(profile.type)) {
            bad.push(c.name);
            values.push(profile.type ?? '');
          }
        });
        if (bad.length > 0) setters.push(containersPhrase(bad));

        const annotations = sortStrings(
          Object.entries(meta.annotations ?? {})
            .filter(([key, value]) => key.startsWith(APPARMOR_CONTAINER_ANNOTATION_PREFIX) && !allowedAnnotation(value))
            .map(([key, value]) => `${key}=${goQuote(value)}`),
        );
        // The offending annotations follow the distinct profile types in the one quoted list.
        const listed = [...sortedSet(values), ...annotations];
        if (annotations.length > 0) setters.push(pluralize('annotation', 'annotations', annotations.length));
        if (setters.length === 0) return undefined;
        return {
          forbiddenReason: pluralize('forbidden AppArmor profile', 'forbidden AppArmor profiles', listed.length),
          forbiddenDetail: `${setters.join(' and ')} must not set AppArmor profile type to ${joinQuote(listed)}`,
        };
      },
    },
  ],
};
