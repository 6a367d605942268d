/**
 * Property: for every kind, a generated valid object survives JSON → YAML → JSON and JSON → CBOR →
 * JSON unchanged, as canonical JSON (docs/api-rules.md, "Wire formats"). Protobuf has its own
 * round-trip property over every type (test/core/codecs/protobuf/roundtrip.property.test.ts).
 */
import fc from 'fast-check';
import { dump, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { decodeCbor, encodeCbor } from '../../../core/codecs/cbor.ts';
import { BUILTIN_KINDS } from '../../../core/registry/kinds/index.ts';
import { decodeObject } from '../../../core/schema/decode.ts';
import type { JsonObject } from '../../../core/util/json.ts';
import { arbitraryOf } from '../../support/arbitrary.ts';

// Compared as values: free-form JSON (RawExtension, FieldsV1) has no key order that means anything,
// and YAML and CBOR both sort keys, as the real platform's writers do.
const canonical = (v: unknown, kind: (typeof BUILTIN_KINDS)[number]) =>
  JSON.parse(JSON.stringify(decodeObject(v, kind.schema).value)) as unknown;

describe.each(BUILTIN_KINDS.map((kind) => ({ name: `${kind.group || 'core'}/${kind.version} ${kind.kind}`, kind })))(
  '$name',
  ({ kind }) => {
    // Through JSON text first: the server's canonical form is text (where -0 is 0).
    const objects = arbitraryOf(kind.schema).map((v) => JSON.parse(JSON.stringify(decodeObject(v, kind.schema).value)) as JsonObject);

    it('JSON → YAML → JSON', () => {
      fc.assert(
        fc.property(objects, (obj) => {
          const back = load(dump(obj, { sortKeys: true, lineWidth: -1, noRefs: true }));
          expect(canonical(back, kind)).toEqual(obj);
        }),
        { numRuns: 40 },
      );
    });

    it('JSON → CBOR → JSON', () => {
      fc.assert(
        fc.property(objects, (obj) => {
          const back = decodeCbor(encodeCbor(obj, kind.schema));
          expect(canonical(back, kind)).toEqual(obj);
        }),
        { numRuns: 40 },
      );
    });
  },
);

describe('keys that are special to JavaScript', () => {
  it('a key named __proto__ survives CBOR both ways', () => {
    const obj = JSON.parse('{"kind":"ConfigMap","metadata":{"name":"x"},"data":{"__proto__":"v","constructor":"c"}}') as JsonObject;
    const back = decodeCbor(encodeCbor(obj, BUILTIN_KINDS[1].schema)) as JsonObject;
    expect(Object.keys(back.data as object)).toEqual(['__proto__', 'constructor']);
    expect(back).toEqual(obj);
  });
});
