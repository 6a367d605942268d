/**
 * The value transformer encryption at rest makes of its rules: a key's resource (the segment after
 * `/registry/`, `resource` or `resource.group`) picks the first rule naming it; its first provider
 * encrypts, and a stored value is read by the provider whose prefix it carries (identity reads an
 * unprefixed value only when it is in the list). A value none can read is handed on undecoded,
 * which the registry reports as a corrupt object.
 */
import { IDENTITY, type ValueTransformer } from '../value-transformer.ts';
import type { EncryptionRule } from './config.ts';
import type { Provider } from './providers.ts';

const REGISTRY = '/registry/';

export class EncryptionTransformer implements ValueTransformer {
  private readonly byResource = new Map<string, readonly Provider[] | undefined>();

  constructor(private readonly rules: readonly EncryptionRule[]) {}

  toStorage(key: string, storedKey: string, text: string): Uint8Array | string {
    const providers = this.providersFor(key);
    if (!providers || providers[0].type === 'identity') return text;
    return providers[0].encrypt(storedKey, Buffer.from(text));
  }

  fromStorage(key: string, storedKey: string, data: Uint8Array | string): string {
    const providers = this.providersFor(key);
    if (!providers) return IDENTITY.fromStorage(key, storedKey, data);
    const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    for (const p of providers) {
      if (!p.prefix || !bytes.subarray(0, p.prefix.length).equals(Buffer.from(p.prefix))) continue;
      try {
        return p.decrypt(storedKey, bytes).toString();
      } catch {
        // a key by that name but not the one that wrote it: try the next
      }
    }
    const encrypted = bytes.subarray(0, 8).toString() === 'k8s:enc:';
    if (!encrypted && providers.some((p) => p.type === 'identity')) return bytes.toString();
    const why = encrypted
      ? `no configured key decrypts ${bytes.subarray(0, bytes.indexOf(0x3a, 18) + 1).toString('latin1')}`
      : 'not encrypted, and identity is not a configured provider';
    return `(unreadable: ${why})`;
  }

  private providersFor(key: string): readonly Provider[] | undefined {
    const end = key.indexOf('/', REGISTRY.length);
    const resource = key.slice(REGISTRY.length, end < 0 ? undefined : end);
    if (this.byResource.has(resource)) return this.byResource.get(resource);
    const dot = resource.indexOf('.');
    const group = dot < 0 ? '' : resource.slice(dot + 1);
    const rule = this.rules.find((r) => r.resources.some((n) => n === resource || n === '*.*' || n === `*.${group}`));
    this.byResource.set(resource, rule?.providers);
    return rule?.providers;
  }
}
