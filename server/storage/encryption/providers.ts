/**
 * The encryption-at-rest providers, with the real platform's stored layout: the prefix
 * `k8s:enc:<provider>:v1:<key name>:` then the provider's bytes. aescbc: a random 16-byte IV then
 * AES-CBC with PKCS#7 padding; aesgcm: a random 12-byte nonce then AES-GCM's ciphertext and tag,
 * with the key the value is stored under as authenticated data (a value copied under another key
 * does not decrypt); secretbox: a random 24-byte nonce then NaCl's secretbox (XSalsa20-Poly1305,
 * a 32-byte key, no authenticated data), which Node's crypto lacks and @noble/ciphers provides.
 * identity stores the text as it is.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { secretbox as naclSecretbox } from '@noble/ciphers/salsa.js';

export interface Provider {
  /** `aescbc`, `aesgcm`, `secretbox`, `identity`. */
  readonly type: string;
  /** The stored prefix of values this provider wrote (empty for identity). */
  readonly prefix: string;
  /** `storedKey`: the key the medium stores the value under, authenticated data where the provider has some. */
  encrypt(storedKey: string, plain: Buffer): Buffer;
  decrypt(storedKey: string, data: Buffer): Buffer;
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
    encrypt(storedKey, plain) {
      const nonce = randomBytes(12);
      const c = createCipheriv(algorithm, secret, nonce) as import('node:crypto').CipherGCM;
      c.setAAD(Buffer.from(storedKey));
      const sealed = Buffer.concat([c.update(plain), c.final()]);
      return Buffer.concat([Buffer.from(prefix), nonce, sealed, c.getAuthTag()]);
    },
    decrypt(storedKey, data) {
      const body = data.subarray(prefix.length);
      const d = createDecipheriv(algorithm, secret, body.subarray(0, 12)) as import('node:crypto').DecipherGCM;
      d.setAAD(Buffer.from(storedKey));
      d.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([d.update(body.subarray(12, body.length - 16)), d.final()]);
    },
  };
}

const SECRETBOX_NONCE = 24;
const SECRETBOX_OVERHEAD = 16;

export function secretbox(name: string, secret: Buffer): Provider {
  if (secret.length !== 32) throw new Error(`key must be 32 bytes long, not ${secret.length}`);
  const prefix = `k8s:enc:secretbox:v1:${name}:`;
  return {
    type: 'secretbox',
    prefix,
    encrypt(_storedKey, plain) {
      const nonce = randomBytes(SECRETBOX_NONCE);
      return Buffer.concat([Buffer.from(prefix), nonce, naclSecretbox(secret, nonce).seal(plain)]);
    },
    decrypt(_storedKey, data) {
      const body = data.subarray(prefix.length);
      if (body.length < SECRETBOX_NONCE + SECRETBOX_OVERHEAD) throw new Error('the stored data was shorter than the required size');
      return Buffer.from(naclSecretbox(secret, body.subarray(0, SECRETBOX_NONCE)).open(body.subarray(SECRETBOX_NONCE)));
    },
  };
}

type AesAlgorithm = `aes-${128 | 192 | 256}-${'cbc' | 'gcm'}`;

function aesAlgorithm(mode: 'cbc' | 'gcm', secret: Buffer): AesAlgorithm {
  const bits = secret.length * 8;
  if (bits !== 128 && bits !== 192 && bits !== 256) throw new Error(`key must be 16, 24 or 32 bytes long, not ${secret.length}`);
  return `aes-${bits}-${mode}`;
}
