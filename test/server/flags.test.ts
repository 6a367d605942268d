/**
 * orch-apiserver's flags, parsed as the real API server parses them (README, "orch-apiserver";
 * docs/api-rules.md, "Feature gates" and "Versions and deprecation" for --runtime-config).
 */
import { describe, expect, it } from 'vitest';
import { parseDuration, parseFlags } from '../../server/index.ts';

describe('parseFlags', () => {
  it('defaults: 127.0.0.1:8080, a data directory, no delays', () => {
    const f = parseFlags([]);
    expect(f).toMatchObject({
      port: 8080,
      bindAddress: '127.0.0.1',
      shutdownDelayMs: 0,
      livezGracePeriodMs: 0,
      storage: { kind: 'data-dir', dataDir: '.orch/data', etcdPrefix: '/registry', compactionIntervalMs: 300_000 },
      help: false,
    });
  });

  it('takes --flag=value and --flag value', () => {
    const f = parseFlags(['--port=9090', '--bind-address', '0.0.0.0', '--shutdown-delay-duration=1m30s', '--livez-grace-period', '500ms']);
    expect(f).toMatchObject({ port: 9090, bindAddress: '0.0.0.0', shutdownDelayMs: 90_000, livezGracePeriodMs: 500 });
  });

  it('--request-timeout: 1m0s by default, as the real platform', () => {
    expect(parseFlags([]).requestTimeoutMs).toBe(60_000);
    expect(parseFlags(['--request-timeout=2s']).requestTimeoutMs).toBe(2000);
  });

  it('--feature-gates: alpha off, beta on by default; settable', () => {
    const d = parseFlags([]);
    expect(d.featureGates.enabled('CBORServingAndStorage')).toBe(false);
    expect(d.featureGates.enabled('APIResponseCompression')).toBe(true);
    const f = parseFlags(['--feature-gates=CBORServingAndStorage=true,APIResponseCompression=false']);
    expect(f.featureGates.enabled('CBORServingAndStorage')).toBe(true);
    expect(f.featureGates.enabled('APIResponseCompression')).toBe(false);
  });

  it.each([
    { argv: ['--feature-gates=NoSuchGate=true'], message: 'unrecognized feature gate: NoSuchGate' },
    { argv: ['--feature-gates=WatchBookmark=false'], message: 'cannot set feature gate WatchBookmark to false, feature is locked to true' },
    { argv: ['--feature-gates=WatchList=maybe'], message: 'invalid value of WatchList=maybe' },
    { argv: ['--feature-gates=WatchList'], message: 'missing bool value for WatchList' },
    { argv: ['--runtime-config=apps/v1=perhaps'], message: 'invalid value "perhaps" for apps/v1' },
    { argv: ['--port=http'], message: 'invalid argument "http" for "--port" flag' },
    { argv: ['--shutdown-delay-duration=soon'], message: 'invalid argument "soon" for "--shutdown-delay-duration" flag' },
    { argv: ['--request-timeout=0s'], message: 'invalid argument "0s" for "--request-timeout" flag: must be positive' },
    { argv: ['--frobnicate'], message: 'unknown flag: --frobnicate' },
    { argv: ['--port'], message: 'flag needs an argument: --port' },
  ])('$argv fails with a clear message', ({ argv, message }) => {
    expect(() => parseFlags(argv)).toThrow(message);
  });

  it('--runtime-config: a missing value means true; group/version and group/version/resource keys', () => {
    const f = parseFlags(['--runtime-config=apps/v1=false,api/all,apps/v1/statefulsets=true']);
    expect(f.runtimeConfig.groupVersionEnabled('apps/v1', true)).toBe(false);
    expect(f.runtimeConfig.groupVersionEnabled('resource.orch.io/v1beta1', false)).toBe(true);
    expect(f.runtimeConfig.resourceSetting('apps/v1', 'statefulsets')).toBe(true);
  });
});

describe('parseDuration (Go syntax)', () => {
  it.each([
    { text: '0', ms: 0 },
    { text: '10s', ms: 10_000 },
    { text: '1m30s', ms: 90_000 },
    { text: '1.5h', ms: 5_400_000 },
    { text: '300ms', ms: 300 },
  ])('$text = $ms ms', ({ text, ms }) => {
    expect(parseDuration(text)).toBe(ms);
  });
  it.each(['', '10', 'ten seconds', '1d'])('%j is not a duration', (text) => {
    expect(() => parseDuration(text)).toThrow('invalid duration');
  });
});
