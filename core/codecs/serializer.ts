/**
 * A wire format. Objects travel through the server as canonical JSON text; a serializer turns
 * that text (or a parsed object) into its bytes. JSON passes the text through untouched.
 */
import type { KindDefinition } from '../registry/definition.ts';
import type { JsonObject } from '../util/json.ts';

export type Body = string | Uint8Array;

/** A list response, with items still as canonical JSON text. */
export interface ListParts {
  readonly kind: string;
  readonly apiVersion: string;
  readonly metadata: JsonObject;
  readonly items: readonly string[];
}

export interface EncodeContext {
  /** The kind of the resource endpoint (absent for Status and discovery answers). */
  readonly def?: KindDefinition;
  readonly pretty: boolean;
  /** The request's query (Table reads `includeObject`). */
  readonly query?: URLSearchParams;
  /** Server time (ms), for ages in tables. */
  readonly now?: number;
  /** Whether this is the first event of a watch (Tables carry column definitions once). */
  first?: boolean;
}

export interface Serializer {
  /** The canonical media type this serializer answers with. */
  readonly mediaType: string;
  /** Other spellings accepted in Accept/Content-Type (answers use the spelling asked for). */
  readonly aliases: readonly string[];
  /**
   * The Content-Type of answers when it is not `mediaType`: a variant chosen by Accept parameters
   * (metadata-only objects) is answered in its plain format's type, its `mediaType` naming the variant.
   */
  readonly contentType?: string;
  /** Content type of a watch stream in this format; undefined when watches cannot use it. */
  readonly streamMediaType?: string;
  /** Whether an event's bytes can be shared by every watcher (false when they depend on the request). */
  readonly perWatcher?: boolean;
  /** Whether this format can carry objects of the kind (protobuf needs field numbers, ...). */
  supports(def: KindDefinition | undefined): boolean;
  /**
   * Refuses (with a StatusError) request options this format cannot honour, such as a Table's
   * `includeObject`. Called before the request does anything: a watch would otherwise meet them
   * only while encoding its first event, inside the stream, and a write after it was made.
   */
  checkOptions?(ctx: EncodeContext): void;
  encodeObject(json: string, ctx: EncodeContext): Body;
  encodeValue(value: JsonObject, ctx: EncodeContext): Body;
  encodeList(list: ListParts, ctx: EncodeContext): Body;
  /** One framed watch event, object given as canonical JSON text. */
  encodeWatchEvent(type: string, objectJson: string, ctx: EncodeContext): Uint8Array;
  /** Request body → plain JSON value; `duplicates` collects repeated keys when the format can tell. */
  decode(body: Uint8Array, ctx: EncodeContext, duplicates?: string[]): unknown;
}
