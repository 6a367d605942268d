/**
 * The Table representation (`application/json;as=Table;g=meta.orch.io;v=v1`, also
 * `g=meta.k8s.io` and `v=v1beta1` as kubectl asks): rows of the kind's columns, with the object
 * as metadata only (default), in full, or not at all (`includeObject`). Watches send one Table
 * per event, with the column definitions on the first.
 */
import { StatusError } from '../errors/status-error.ts';
import type { KindDefinition } from '../registry/definition.ts';
import { NAME_COLUMN, type TableColumn } from '../registry/table.ts';
import { isObject, type JsonObject } from '../util/json.ts';
import type { MediaType } from './media-type.ts';
import { toYaml } from './yaml.ts';
import type { VariantResolver } from './negotiate.ts';
import type { EncodeContext, ListParts, Serializer } from './serializer.ts';

const TABLE_GROUPS = new Set(['meta.orch.io', 'meta.k8s.io']);
const TABLE_VERSIONS = new Set(['v1', 'v1beta1']);
const encoder = new TextEncoder();

const CREATED_AT_COLUMN: TableColumn = {
  name: 'Created At',
  type: 'date',
  description: 'CreationTimestamp is a timestamp representing the server time when this object was created.',
  cell: (obj) => {
    const ts = (obj.metadata as JsonObject | undefined)?.creationTimestamp;
    return typeof ts === 'string' ? ts : null;
  },
};

/** The kind's columns, with `Name` first unless the kind placed its name column itself. */
export function columnsOf(def: KindDefinition | undefined): readonly TableColumn[] {
  if (!def?.table?.length) return [NAME_COLUMN, CREATED_AT_COLUMN];
  return def.table.some((c) => c.isName) ? def.table : [NAME_COLUMN, ...def.table];
}

type IncludeObject = 'None' | 'Object' | 'Metadata';

/** TableOptions from the query, or 400 in the real platform's words (ValidateTableOptions). */
function includeObject(ctx: EncodeContext): IncludeObject {
  const v = ctx.query?.get('includeObject') ?? 'Metadata';
  if (v === '' || v === 'Metadata') return 'Metadata';
  if (v === 'None' || v === 'Object') return v;
  throw StatusError.badRequest(
    `Unable to convert to Table as requested: includeObject: Invalid value: ${JSON.stringify(v)}: must be 'Metadata', 'Object', 'None', or empty`,
  );
}

class TableSerializer implements Serializer {
  readonly aliases: readonly string[] = [];
  readonly streamMediaType: string;
  readonly perWatcher = true;
  private readonly apiVersion: string;

  constructor(
    readonly mediaType: string,
    group: string,
    version: string,
    /** YAML rather than JSON (no watch form, as for plain YAML). */
    private readonly yaml = false,
  ) {
    this.streamMediaType = mediaType;
    this.apiVersion = `${group}/${version}`;
  }

  supports(def: KindDefinition | undefined): boolean {
    return def !== undefined;
  }

  checkOptions(ctx: EncodeContext): void {
    includeObject(ctx);
  }

  private row(obj: JsonObject, ctx: EncodeContext, columns: readonly TableColumn[]): JsonObject {
    const now = ctx.now ?? Date.now();
    const row: JsonObject = { cells: columns.map((c) => c.cell(obj, now)) };
    const inc = includeObject(ctx);
    if (inc === 'Object') row.object = obj;
    else if (inc === 'Metadata')
      row.object = { kind: 'PartialObjectMetadata', apiVersion: this.apiVersion, metadata: isObject(obj.metadata) ? obj.metadata : {} };
    return row;
  }

  private table(items: JsonObject[], metadata: JsonObject, ctx: EncodeContext, withColumns = true): string {
    const columns = columnsOf(ctx.def);
    const body = {
      kind: 'Table',
      apiVersion: this.apiVersion,
      metadata,
      columnDefinitions: withColumns
        ? columns.map((c) => ({
            name: c.name,
            type: c.type,
            format: c.format ?? '',
            description: c.description ?? '',
            priority: c.priority ?? 0,
          }))
        : [],
      rows: items.map((o) => this.row(o, ctx, columns)),
    };
    return this.render(body, ctx);
  }

  private render(value: object, ctx: EncodeContext): string {
    if (this.yaml) return toYaml(value);
    return ctx.pretty ? `${JSON.stringify(value, null, 2)}\n` : `${JSON.stringify(value)}\n`;
  }

  encodeObject(json: string, ctx: EncodeContext): string {
    const obj = JSON.parse(json) as JsonObject;
    const rv = (obj.metadata as JsonObject | undefined)?.resourceVersion;
    return this.table([obj], typeof rv === 'string' ? { resourceVersion: rv } : {}, ctx);
  }

  encodeValue(value: JsonObject, ctx: EncodeContext): string {
    // Not an object of the kind (a Status): Tables do not apply, answer it in the plain format.
    return this.render(value, ctx);
  }

  encodeList(list: ListParts, ctx: EncodeContext): string {
    return this.table(
      list.items.map((i) => JSON.parse(i) as JsonObject),
      list.metadata,
      ctx,
    );
  }

  encodeWatchEvent(type: string, objectJson: string, ctx: EncodeContext): Uint8Array {
    if (type === 'ERROR' || type === 'BOOKMARK') return encoder.encode(`{"type":"${type}","object":${objectJson}}\n`);
    const obj = JSON.parse(objectJson) as JsonObject;
    const rv = (obj.metadata as JsonObject | undefined)?.resourceVersion;
    const first = ctx.first !== false;
    ctx.first = false;
    const table = this.table([obj], typeof rv === 'string' ? { resourceVersion: rv } : {}, { ...ctx, pretty: false }, first).trimEnd();
    return encoder.encode(`{"type":"${type}","object":${table}}\n`);
  }

  decode(): unknown {
    throw StatusError.unsupportedMediaType('Table', ['application/json']);
  }
}

/** Resolves `application/json;as=Table;g=...;v=...` Accept entries (and `application/yaml`, but for watches). */
export const tableVariant: VariantResolver = {
  resolve(mt: MediaType, def: KindDefinition | undefined, watch: boolean): Serializer | undefined {
    if (mt.params.get('as') !== 'Table') return undefined;
    const yaml = mt.subtype === 'yaml';
    if (mt.type !== 'application' || (mt.subtype !== 'json' && !(yaml && !watch))) return undefined;
    const g = mt.params.get('g') ?? '';
    const v = mt.params.get('v') ?? '';
    if (!TABLE_GROUPS.has(g) || !TABLE_VERSIONS.has(v) || !def) return undefined;
    return new TableSerializer(`application/${mt.subtype};as=Table;v=${v};g=${g}`, g, v, yaml);
  },
};
