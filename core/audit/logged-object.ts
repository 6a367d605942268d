/**
 * The objects an audit event logs (`requestObject`, `responseObject`), as JSON whatever format
 * they travelled in: the real server logs the decoded object, encoded as JSON, so a protobuf write
 * from kubectl is logged like a JSON one from curl. The formats' own decoders read them; what none
 * can read is not logged (the real handler refuses such a body before it logs anything).
 */
import { cborSerializer } from '../codecs/cbor.ts';
import { protobufSerializer } from '../codecs/protobuf/serializer.ts';
import type { Serializer } from '../codecs/serializer.ts';
import { yamlSerializer } from '../codecs/yaml.ts';
import type { KindDefinition } from '../registry/definition.ts';

const BY_TYPE = new Map<string, Serializer>();
for (const s of [protobufSerializer, yamlSerializer, cborSerializer]) for (const t of [s.mediaType, ...s.aliases]) BY_TYPE.set(t, s);

/**
 * A body as the JSON value it stands for. `contentType` picks the format (JSON, and every patch
 * type, when it names none of the others); `def` is the kind the body is (protobuf needs it).
 */
export function loggedObject(body: Uint8Array | string, contentType: string | null, def: KindDefinition | undefined): unknown {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const format = BY_TYPE.get(type);
  try {
    if (format) return format.decode(typeof body === 'string' ? new TextEncoder().encode(body) : body, { def, pretty: false });
    return JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
}
