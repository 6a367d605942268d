/**
 * `--encryption-provider-config`: an EncryptionConfiguration (apiserver.config.orch.io/v1, the
 * real platform's apiserver.config.k8s.io/v1 accepted too) read into rules: which resources, and
 * their providers in order (the first encrypts new writes; every one is tried on reads).
 */
import { load } from 'js-yaml';
import { aescbc, aesgcm, IDENTITY_PROVIDER, type Provider, secretbox } from './providers.ts';

export interface EncryptionRule {
  /** As written: `secrets`, `deployments.apps`, `*.apps`, `*.` (the core group), `*.*`. */
  readonly resources: readonly string[];
  readonly providers: readonly Provider[];
}

const API_VERSIONS = ['apiserver.config.orch.io/v1', 'apiserver.config.k8s.io/v1'];

export class EncryptionConfigError extends Error {}

/** The providers that take keys, by their type in the configuration. */
const KEYED: Readonly<Record<string, ((name: string, secret: Buffer) => Provider) | undefined>> = { aescbc, aesgcm, secretbox };

interface KeyEntry {
  readonly name?: unknown;
  readonly secret?: unknown;
}

export function parseEncryptionConfig(text: string): EncryptionRule[] {
  let doc: unknown;
  try {
    doc = load(text);
  } catch (err) {
    throw new EncryptionConfigError(`could not parse the encryption provider configuration: ${(err as Error).message}`);
  }
  const cfg = doc as { apiVersion?: unknown; kind?: unknown; resources?: unknown };
  if (!cfg || typeof cfg !== 'object') throw new EncryptionConfigError('the encryption provider configuration is empty');
  if (cfg.kind !== 'EncryptionConfiguration' || !API_VERSIONS.includes(String(cfg.apiVersion)))
    throw new EncryptionConfigError(
      `expected kind EncryptionConfiguration of ${API_VERSIONS[0]}, got ${String(cfg.kind)} of ${String(cfg.apiVersion)}`,
    );
  if (!Array.isArray(cfg.resources) || !cfg.resources.length) throw new EncryptionConfigError('resources: at least one entry is required');
  return cfg.resources.map((r: { resources?: unknown; providers?: unknown }, i: number) => {
    const where = `resources[${i}]`;
    if (!Array.isArray(r.resources) || !r.resources.length || !r.resources.every((x) => typeof x === 'string'))
      throw new EncryptionConfigError(`${where}.resources: a list of resource names is required`);
    if (!Array.isArray(r.providers) || !r.providers.length)
      throw new EncryptionConfigError(`${where}.providers: at least one provider is required`);
    return {
      resources: r.resources as string[],
      providers: r.providers.flatMap((p: Record<string, unknown>, j: number) => providersOf(p, `${where}.providers[${j}]`)),
    };
  });
}

function providersOf(entry: Record<string, unknown>, where: string): Provider[] {
  const types = Object.keys(entry ?? {});
  if (types.length !== 1)
    throw new EncryptionConfigError(`${where}: exactly one provider type is required, got ${types.join(', ') || 'none'}`);
  const type = types[0];
  if (type === 'identity') return [IDENTITY_PROVIDER];
  // Own keys only: a type named like an Object method (`toString`) is unknown, not a function.
  const make = Object.hasOwn(KEYED, type) ? KEYED[type] : undefined;
  if (!make)
    throw new EncryptionConfigError(`${where}: unknown provider type ${JSON.stringify(type)} (known: aescbc, aesgcm, secretbox, identity)`);
  const keys = (entry[type] as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || !keys.length) throw new EncryptionConfigError(`${where}.${type}.keys: at least one key is required`);
  return keys.map((k: KeyEntry, n: number) => {
    const at = `${where}.${type}.keys[${n}]`;
    if (typeof k.name !== 'string' || !k.name) throw new EncryptionConfigError(`${at}.name: required`);
    if (typeof k.secret !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(k.secret))
      throw new EncryptionConfigError(`${at}.secret: a base64 key is required`);
    try {
      return make(k.name, Buffer.from(k.secret, 'base64'));
    } catch (err) {
      throw new EncryptionConfigError(`${at}.secret: ${(err as Error).message}`);
    }
  });
}
