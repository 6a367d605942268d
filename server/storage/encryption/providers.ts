/**
 * The encryption-at-rest providers, with the real platform's stored layout: the prefix
 * `k8s:enc:<provider>:v1:<key name>:` then the provider's bytes. aescbc: a random 16-byte IV then
 * AES-CBC with PKCS#7 padding; aesgcm: a random 12-byte nonce then AES-GCM's ciphertext and tag,
 * with the storage key as authenticated data (a value copied under another key does not decrypt).
 * identity stores the text as it is. secretbox (XSalsa20-Poly1305) needs a cipher Node's crypto
 * does not have; it is refused with a clear error until a library for it is a dependency.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface Provider {
  /** `aescbc`, `aesgcm`, `identity`. */
  readonly type: string;
  /** The stored prefix of values this provider wrote (empty for identity). */
  readonly prefix: string;
  encrypt(key: string, plain: Buffer): Buffer;
  decrypt(key: string, data: Buffer): Buffer;
}

export const IDENTITY_PROVIDER: Provider = {
  type: 'identity',
  prefix: '',
  encrypt: (_key, plain) => plain,
  decrypt: (_key, data) => data,
};

export function aescbc(name: string, secret: Buffer): Provider {
  const algorithm = aesAlgorithm('cbc', secret);
  const prefix = `k8s:enc:aescbc:v1:${name}:`;
  return {
    type: 'aescbc',
    prefix,
    encrypt(_key, plain) {
      const iv = randomBytes(16);
      const c = createCipheriv(algorithm, secret, iv);
      return Buffer.concat([Buffer.from(prefix), iv, c.update(plain), c.final()]);
    },
    decrypt(_key, data) {
      const body = data.subarray(prefix.length);
      const d = createDecipheriv(algorithm, secret, body.subarray(0, 16));
      return Buffer.concat([d.update(body.subarray(16)), d.final()]);
    },
  };
}

export function aesgcm(name: string, secret: Buffer): Provider {
  const algorithm = aesAlgorithm('gcm', secret);
  const prefix = `k8s:enc:aesgcm:v1:${name}:`;
  return {
    type: 'aesgcm',
    prefix,
    encrypt(key, plain) {
      const nonce = randomBytes(12);
      const c = createCipheriv(algorithm, secret, nonce) as import('node:crypto').CipherGCM;
      c.setAAD(Buffer.from(key));
      const sealed = Buffer.concat([c.update(plain), c.final()]);
      return Buffer.concat([Buffer.from(prefix), nonce, sealed, c.getAuthTag()]);
    },
    decrypt(key, data) {
      const body = data.subarray(prefix.length);
      const d = createDecipheriv(algorithm, secret, body.subarray(0, 12)) as import('node:crypto').DecipherGCM;
      d.setAAD(Buffer.from(key));
      d.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([d.update(body.subarray(12, body.length - 16)), d.final()]);
    },
  };
}

type AesAlgorithm = `aes-${128 | 192 | 256}-${'cbc' | 'gcm'}`;

function aesAlgorithm(mode: 'cbc' | 'gcm', secret: Buffer): AesAlgorithm {
  const bits = secret.length * 8;
  if (bits !== 128 && bits !== 192 && bits !== 256) throw new Error(`key must be 16, 24 or 32 bytes long, not ${secret.length}`);
  return `aes-${bits}-${mode}`;
}
