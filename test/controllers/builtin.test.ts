/**
 * One table of built-in controllers, which every host filters: orch-apiserver's `--controllers`
 * (default: all of them) and the playground's worker run the same rows, each only where the
 * feature gates its API needs are on, and each given the server's gates.
 */
import { describe, expect, it } from 'vitest';
import { FeatureGates } from '../../core/index.ts';
import { BUILTIN_CONTROLLERS, cannotRun, gatesMissing } from '../../controllers/index.ts';
import { CONTROLLER_NAMES, DEFAULT_CONTROLLERS } from '../../server/index.ts';

describe('the built-in controllers', () => {
  it('are the controllers of orch-apiserver, in its order, all on by default', () => {
    expect(BUILTIN_CONTROLLERS.map((c) => c.name)).toEqual([
      'namespace',
      'garbage-collector',
      'serviceaccount',
      'serviceaccount-token',
      'statefulset',
      'pod-lifecycle',
      'resource-claim',
      'flowcontrol',
    ]);
    expect(BUILTIN_CONTROLLERS.every((c) => c.enabledByDefault)).toBe(true);
    expect(CONTROLLER_NAMES).toEqual(BUILTIN_CONTROLLERS.map((c) => c.name));
    expect(DEFAULT_CONTROLLERS).toEqual(CONTROLLER_NAMES);
  });

  it('the sample finalizer controller is not one of them', () => {
    expect(BUILTIN_CONTROLLERS.map((c) => c.name)).not.toContain('configmap-mirror');
  });

  it('resource-claim runs only where DynamicResourceAllocation is on (its API is served only then)', () => {
    const claims = BUILTIN_CONTROLLERS.find((c) => c.name === 'resource-claim')!;
    expect(gatesMissing(claims, new FeatureGates())).toBe('feature gate DynamicResourceAllocation is off');
    expect(gatesMissing(claims, new FeatureGates({ DynamicResourceAllocation: true }))).toBeUndefined();
    const others = BUILTIN_CONTROLLERS.filter((c) => c !== claims);
    expect(others.map((c) => gatesMissing(c, new FeatureGates()))).toEqual(others.map(() => undefined));
  });

  it.each<{ signingKey: boolean; gates: Record<string, boolean>; want: Record<string, string> }>([
    {
      signingKey: false,
      gates: {},
      want: {
        'serviceaccount-token': 'no ServiceAccount signing key (--service-account-signing-key-file)',
        'resource-claim': 'feature gate DynamicResourceAllocation is off',
      },
    },
    { signingKey: true, gates: {}, want: { 'resource-claim': 'feature gate DynamicResourceAllocation is off' } },
    { signingKey: true, gates: { DynamicResourceAllocation: true }, want: {} },
  ])(
    'serviceaccount-token runs only on a host with a signing key of its own (signing key: $signingKey, gates: $gates)',
    ({ signingKey, gates, want }) => {
      const reasons = Object.fromEntries(
        BUILTIN_CONTROLLERS.flatMap((c) => {
          const reason = cannotRun(c, { gates: new FeatureGates(gates), signingKey });
          return reason ? [[c.name, reason]] : [];
        }),
      );
      expect(reasons).toEqual(want);
    },
  );

  it('serviceaccount-token made without a signer refuses to start', () => {
    const tokens = BUILTIN_CONTROLLERS.find((c) => c.name === 'serviceaccount-token')!;
    const factory = tokens.create({ gates: new FeatureGates() });
    expect(() => factory({} as Parameters<typeof factory>[0])).toThrow('needs a ServiceAccount signing key');
  });

  it('each is made from the settings, with the server gates it is given', () => {
    const asked: string[] = [];
    const gates = {
      enabled: (name: string) => {
        asked.push(name);
        return false;
      },
    };
    for (const c of BUILTIN_CONTROLLERS) expect(typeof c.create({ gates, podLifecycle: { readyDelayMs: 0 } })).toBe('function');
    expect(asked).toEqual(['MaxUnavailableStatefulSet', 'StatefulSetAutoDeletePVC']);
  });
});
