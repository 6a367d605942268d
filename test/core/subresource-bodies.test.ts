/**
 * A body written to a subresource is an object of the subresource's own kind, and is read as one
 * in every format the server takes: a TokenRequest to `serviceaccounts/{name}/token`, a Binding
 * to `pods/{name}/binding`, a Scale to `statefulsets/{name}/scale`, and the parent's own kind to
 * `status` and `finalize`. Protobuf is where a wrong kind shows: its fields are numbers, and the
 * numbers of the parent's type mean other things (docs/api-rules.md, "Subresources").
 */
import { dump } from 'js-yaml';
import { beforeEach, describe, expect, it } from 'vitest';
import { encodeCbor } from '../../core/codecs/cbor.ts';
import { encodeEnvelope, encodeMessage } from '../../core/codecs/protobuf/index.ts';
import { TokenRequest } from '../../core/registry/types/authentication-v1.ts';
import { Scale } from '../../core/registry/types/autoscaling-v1.ts';
import { Pod } from '../../core/registry/types/core-v1.ts';
import { Binding, Namespace } from '../../core/registry/types/core-v1-misc.ts';
import type { ObjectSchema } from '../../core/schema/types.ts';
import type { JsonObject } from '../../core/util/json.ts';
import { pod, statefulSet } from '../support/builders.ts';
import { call, inProcess, serverPerTest, type Target } from '../support/targets.ts';

interface Codec {
  readonly name: string;
  readonly contentType: string;
  encode(obj: JsonObject, schema: ObjectSchema): BodyInit;
}

const CODECS: readonly Codec[] = [
  { name: 'JSON', contentType: 'application/json', encode: (obj) => JSON.stringify(obj) },
  { name: 'YAML', contentType: 'application/yaml', encode: (obj) => dump(obj) },
  {
    name: 'protobuf',
    contentType: 'application/vnd.kubernetes.protobuf',
    encode: (obj, schema) =>
      encodeEnvelope({ apiVersion: String(obj.apiVersion), kind: String(obj.kind) }, encodeMessage(obj, schema)) as BodyInit,
  },
  { name: 'CBOR', contentType: 'application/cbor', encode: (obj, schema) => encodeCbor(obj, schema) as BodyInit },
];

const NS = '/api/v1/namespaces/default';
const SA = `${NS}/serviceaccounts`;
const PODS = `${NS}/pods`;
const SS = '/apis/apps/v1/namespaces/default/statefulsets';

/** The claims of a JWT (its middle part). */
function claims(token: string): { aud: string[]; exp: number; iat: number } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

interface Case {
  readonly subresource: string;
  /** Creates the parent; answers the subresource's path. */
  setup(t: Target): Promise<string>;
  readonly method: 'POST' | 'PUT';
  /** The body, as an object of the subresource's kind, and that kind's schema. */
  body(t: Target, path: string): Promise<JsonObject>;
  readonly schema: ObjectSchema;
  readonly status: number;
  /** What shows that the body was understood: in the answer, or in the parent afterwards. */
  check(t: Target, answer: any): Promise<void>;
}

const CASES: readonly Case[] = [
  {
    subresource: 'serviceaccounts/token (TokenRequest)',
    async setup(t) {
      expect((await call(t, 'POST', SA, { metadata: { name: 'builder' } })).status).toBe(201);
      return `${SA}/builder/token`;
    },
    method: 'POST',
    body: async () => ({
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenRequest',
      metadata: { name: 'builder', namespace: 'default' },
      spec: { audiences: ['foo'], expirationSeconds: 600 },
    }),
    schema: TokenRequest,
    status: 201,
    async check(_t, answer) {
      expect(answer.spec).toEqual({ audiences: ['foo'], expirationSeconds: 600 });
      const c = claims(answer.status.token);
      expect(c.aud).toEqual(['foo']);
      expect(c.exp - c.iat).toBe(600);
    },
  },
  {
    subresource: 'pods/binding (Binding)',
    async setup(t) {
      expect((await call(t, 'POST', PODS, pod('p'))).status).toBe(201);
      return `${PODS}/p/binding`;
    },
    method: 'POST',
    body: async () => ({ apiVersion: 'v1', kind: 'Binding', metadata: { name: 'p' }, target: { kind: 'Node', name: 'node-1' } }),
    schema: Binding,
    status: 201,
    async check(t, answer) {
      expect(answer).toMatchObject({ kind: 'Status', status: 'Success' });
      expect((await call(t, 'GET', `${PODS}/p`)).body.spec.nodeName).toBe('node-1');
    },
  },
  {
    subresource: 'statefulsets/scale (Scale)',
    async setup(t) {
      expect((await call(t, 'POST', SS, statefulSet('web', { replicas: 1 }))).status).toBe(201);
      return `${SS}/web/scale`;
    },
    method: 'PUT',
    body: async () => ({
      apiVersion: 'autoscaling/v1',
      kind: 'Scale',
      metadata: { name: 'web', namespace: 'default' },
      spec: { replicas: 3 },
    }),
    schema: Scale,
    status: 200,
    async check(t, answer) {
      expect(answer).toMatchObject({ kind: 'Scale', spec: { replicas: 3 } });
      expect((await call(t, 'GET', `${SS}/web`)).body.spec.replicas).toBe(3);
    },
  },
  {
    subresource: 'pods/status (Pod)',
    async setup(t) {
      expect((await call(t, 'POST', PODS, pod('p'))).status).toBe(201);
      return `${PODS}/p/status`;
    },
    method: 'PUT',
    async body(t) {
      const current = (await call(t, 'GET', `${PODS}/p`)).body;
      return { ...current, status: { ...current.status, message: 'written through status' } };
    },
    schema: Pod,
    status: 200,
    async check(t, answer) {
      expect(answer.status.message).toBe('written through status');
      expect((await call(t, 'GET', `${PODS}/p`)).body.status.message).toBe('written through status');
    },
  },
  {
    subresource: 'namespaces/finalize (Namespace)',
    async setup(t) {
      expect((await call(t, 'POST', '/api/v1/namespaces', { metadata: { name: 'gone' } })).status).toBe(201);
      expect((await call(t, 'DELETE', '/api/v1/namespaces/gone')).status).toBe(200);
      return '/api/v1/namespaces/gone/finalize';
    },
    method: 'PUT',
    async body(t) {
      const current = (await call(t, 'GET', '/api/v1/namespaces/gone')).body;
      expect(current.spec.finalizers).toEqual(['orchestrator']);
      return { ...current, spec: { finalizers: [] } };
    },
    schema: Namespace,
    status: 200,
    async check(_t, answer) {
      expect(answer.kind).toBe('Namespace');
      expect(answer.spec.finalizers ?? []).toEqual([]);
    },
  },
];

describe.each(CODECS)('a subresource body in $name is read as the subresource’s kind', (codec) => {
  const t = serverPerTest(() => inProcess({ featureGates: 'CBORServingAndStorage=true' }));
  let path = '';

  describe.each(CASES)('$subresource', (c) => {
    beforeEach(async () => {
      path = await c.setup(t);
    });

    it(`${c.method} in ${codec.name} is understood`, async () => {
      const res = await t.request(path, {
        method: c.method,
        headers: { 'content-type': codec.contentType, accept: 'application/json' },
        body: codec.encode(await c.body(t, path), c.schema),
      });
      const text = await res.text();
      expect(res.status, text).toBe(c.status);
      await c.check(t, JSON.parse(text));
    });
  });
});
