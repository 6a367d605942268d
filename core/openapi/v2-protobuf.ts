/**
 * `/openapi/v2` as protobuf: the Swagger 2.0 document as gnostic's `openapi.v2.Document`
 * (gnostic-models `openapiv2/OpenAPIv2.proto`), the form kubectl asks for when it validates what it
 * sends (`kubectl create -f`, `apply`, `scale`). Field numbers are the `.proto`'s; the choices of
 * the oneofs are the ones gnostic's parser makes for a valid document (a parameter by its `in`, a
 * schema item by `type: file`, a reference by `$ref`).
 */
import { isObject, type JsonObject } from '../util/json.ts';
import {
  always,
  any,
  anys,
  bool,
  double,
  encodeDocument,
  extensions,
  externalDocs,
  type FieldWriter,
  int64,
  list,
  message,
  type MessageTable,
  namedMap,
  oneof,
  str,
  strings,
  X_PATTERN,
  xml,
} from './gnostic-wire.ts';

const jsonReference = message(() => ({ fields: { $ref: [1, str], description: [2, str] } }));

const SCHEMA: MessageTable = {
  fields: {
    $ref: [1, str],
    format: [2, str],
    title: [3, str],
    description: [4, str],
    default: [5, any],
    multipleOf: [6, double],
    maximum: [7, double],
    exclusiveMaximum: [8, bool],
    minimum: [9, double],
    exclusiveMinimum: [10, bool],
    maxLength: [11, int64],
    minLength: [12, int64],
    pattern: [13, str],
    maxItems: [14, int64],
    minItems: [15, int64],
    uniqueItems: [16, bool],
    maxProperties: [17, int64],
    minProperties: [18, int64],
    required: [19, strings],
    enum: [20, anys],
    additionalProperties: [
      21,
      oneof((v) => (typeof v === 'boolean' ? [2, always.bool] : isObject(v) ? [1, message(() => SCHEMA)] : undefined)),
    ],
    type: [22, wrapped(strings)],
    items: [23, wrapped(list(message(() => SCHEMA)))],
    allOf: [24, list(message(() => SCHEMA))],
    properties: [25, namedMap(message(() => SCHEMA))],
    discriminator: [26, str],
    readOnly: [27, bool],
    xml: [28, xml],
    externalDocs: [29, externalDocs],
    example: [30, any],
  },
  patterns: [extensions(31)],
};
const schema = message(() => SCHEMA);

/** A message whose only field (1) holds the whole value: `TypeItem`, `ItemsItem`, `StringArray`. */
function wrapped(inner: FieldWriter): FieldWriter {
  const table: MessageTable = { fields: { value: [1, (w, no, v) => inner(w, no, Array.isArray(v) ? v : [v])] } };
  const m = message(() => table);
  return (w, no, v) => m(w, no, { value: v });
}

const fileSchema = message(() => ({
  fields: {
    format: [1, str],
    title: [2, str],
    description: [3, str],
    default: [4, any],
    required: [5, strings],
    type: [6, str],
    readOnly: [7, bool],
    externalDocs: [8, externalDocs],
    example: [9, any],
  },
  patterns: [extensions(10)],
}));

/** The validation members shared by primitive items, headers and non-body parameters, from `first` on. */
function primitiveFields(first: number): Record<string, readonly [number, FieldWriter]> {
  const names: [string, FieldWriter][] = [
    ['type', str],
    ['format', str],
    ['items', message(() => PRIMITIVES_ITEMS)],
    ['collectionFormat', str],
    ['default', any],
    ['maximum', double],
    ['exclusiveMaximum', bool],
    ['minimum', double],
    ['exclusiveMinimum', bool],
    ['maxLength', int64],
    ['minLength', int64],
    ['pattern', str],
    ['maxItems', int64],
    ['minItems', int64],
    ['uniqueItems', bool],
    ['enum', anys],
    ['multipleOf', double],
  ];
  return Object.fromEntries(names.map(([name, write], i) => [name, [first + i, write] as const]));
}

const PRIMITIVES_ITEMS: MessageTable = { fields: primitiveFields(1), patterns: [extensions(18)] };
const header = message(() => ({ fields: { ...primitiveFields(1), description: [18, str] }, patterns: [extensions(19)] }));

/** Header and path parameters: required, in, description, name, then the primitive members. */
const simpleParameter = message(() => ({
  fields: { required: [1, bool], in: [2, str], description: [3, str], name: [4, str], ...primitiveFields(5) },
  patterns: [extensions(22)],
}));
/** Query and form parameters add allowEmptyValue before them. */
const emptyableParameter = message(() => ({
  fields: { required: [1, bool], in: [2, str], description: [3, str], name: [4, str], allowEmptyValue: [5, bool], ...primitiveFields(6) },
  patterns: [extensions(23)],
}));
const NON_BODY: Readonly<Record<string, readonly [number, FieldWriter]>> = {
  header: [1, simpleParameter],
  formData: [2, emptyableParameter],
  query: [3, emptyableParameter],
  path: [4, simpleParameter],
};
const bodyParameter = message(() => ({
  fields: { description: [1, str], name: [2, str], in: [3, str], required: [4, bool], schema: [5, schema] },
  patterns: [extensions(6)],
}));
const parameter = oneof((v) => {
  if (!isObject(v)) return undefined;
  if (v.in === 'body') return [1, bodyParameter];
  const member = typeof v.in === 'string' && Object.hasOwn(NON_BODY, v.in) ? NON_BODY[v.in] : undefined;
  return member ? [2, oneof(() => member)] : undefined;
});
const parametersItem = oneof((v) =>
  isObject(v) && typeof v.$ref === 'string' ? [2, jsonReference] : isObject(v) ? [1, parameter] : undefined,
);

const response = message(() => ({
  fields: {
    description: [1, str],
    schema: [2, oneof((v) => (isObject(v) && v.type === 'file' ? [2, fileSchema] : isObject(v) ? [1, schema] : undefined))],
    headers: [3, namedMap(header)],
    examples: [4, namedMap(any)],
  },
  patterns: [extensions(5)],
}));
const responseValue = oneof((v) =>
  isObject(v) && typeof v.$ref === 'string' ? [2, jsonReference] : isObject(v) ? [1, response] : undefined,
);
const responses = message(() => ({ fields: {}, patterns: [[/^([0-9]{3})$|^(default)$/, 1, responseValue], extensions(2)] }));

const stringArray = wrapped(strings);
const securityRequirement = namedMap(stringArray);

const operation = message(() => ({
  fields: {
    tags: [1, strings],
    summary: [2, str],
    description: [3, str],
    externalDocs: [4, externalDocs],
    operationId: [5, str],
    produces: [6, strings],
    consumes: [7, strings],
    parameters: [8, list(parametersItem)],
    responses: [9, responses],
    schemes: [10, strings],
    deprecated: [11, bool],
    security: [12, list(securityRequirement)],
  },
  patterns: [extensions(13)],
}));
const pathItem = message(() => ({
  fields: {
    $ref: [1, str],
    get: [2, operation],
    put: [3, operation],
    post: [4, operation],
    delete: [5, operation],
    options: [6, operation],
    head: [7, operation],
    patch: [8, operation],
    parameters: [9, list(parametersItem)],
  },
  patterns: [extensions(10)],
}));
const paths = message(() => ({ fields: {}, patterns: [extensions(1), [/^\//, 2, pathItem]] }));

/** Security schemes, told apart by `type` and, for OAuth 2, by `flow`. */
const scopes = namedMap(str);
const SECURITY: Readonly<Record<string, readonly [number, MessageTable]>> = {
  basic: [1, { fields: { type: [1, str], description: [2, str] }, patterns: [extensions(3)] }],
  apiKey: [2, { fields: { type: [1, str], name: [2, str], in: [3, str], description: [4, str] }, patterns: [extensions(5)] }],
  implicit: [
    3,
    {
      fields: { type: [1, str], flow: [2, str], scopes: [3, scopes], authorizationUrl: [4, str], description: [5, str] },
      patterns: [extensions(6)],
    },
  ],
  password: [
    4,
    {
      fields: { type: [1, str], flow: [2, str], scopes: [3, scopes], tokenUrl: [4, str], description: [5, str] },
      patterns: [extensions(6)],
    },
  ],
  application: [
    5,
    {
      fields: { type: [1, str], flow: [2, str], scopes: [3, scopes], tokenUrl: [4, str], description: [5, str] },
      patterns: [extensions(6)],
    },
  ],
  accessCode: [
    6,
    {
      fields: {
        type: [1, str],
        flow: [2, str],
        scopes: [3, scopes],
        authorizationUrl: [4, str],
        tokenUrl: [5, str],
        description: [6, str],
      },
      patterns: [extensions(7)],
    },
  ],
};
const securityDefinitionsItem = oneof((v) => {
  if (!isObject(v)) return undefined;
  const key = v.type === 'oauth2' ? v.flow : v.type;
  const member = typeof key === 'string' && Object.hasOwn(SECURITY, key) ? SECURITY[key] : undefined;
  return member ? [member[0], message(() => member[1])] : undefined;
});

const tag = message(() => ({
  fields: { name: [1, str], description: [2, str], externalDocs: [3, externalDocs] },
  patterns: [extensions(4)],
}));
const info = message(() => ({
  fields: {
    title: [1, str],
    version: [2, str],
    description: [3, str],
    termsOfService: [4, str],
    contact: [5, message(() => ({ fields: { name: [1, str], url: [2, str], email: [3, str] }, patterns: [extensions(4)] }))],
    license: [6, message(() => ({ fields: { name: [1, str], url: [2, str] }, patterns: [extensions(3)] }))],
  },
  patterns: [extensions(7)],
}));

const DOCUMENT: MessageTable = {
  fields: {
    swagger: [1, str],
    info: [2, info],
    host: [3, str],
    basePath: [4, str],
    schemes: [5, strings],
    consumes: [6, strings],
    produces: [7, strings],
    paths: [8, paths],
    definitions: [9, namedMap(schema)],
    parameters: [10, namedMap(parameter)],
    responses: [11, namedMap(response)],
    security: [12, list(securityRequirement)],
    securityDefinitions: [13, namedMap(securityDefinitionsItem)],
    tags: [14, list(tag)],
    externalDocs: [15, externalDocs],
  },
  patterns: [[X_PATTERN, 16, any]],
};

/** The Swagger 2.0 document (parsed JSON) → `openapi.v2.Document` bytes. */
export function swaggerToProtobuf(doc: JsonObject): Uint8Array<ArrayBuffer> {
  return encodeDocument(DOCUMENT, doc);
}
