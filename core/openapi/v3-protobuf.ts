/**
 * `/openapi/v3/<group/version>` as protobuf: an OpenAPI 3.0 document as gnostic's
 * `openapi.v3.Document` (gnostic-models `openapiv3/OpenAPIv3.proto`). Field numbers are the
 * `.proto`'s; every `…OrReference` is the Reference when the object has `$ref`, as gnostic's
 * parser decides for a valid document.
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
  orReference,
  str,
  strings,
  xml,
} from './gnostic-wire.ts';

const reference = message(() => ({ fields: { $ref: [1, str], summary: [2, str], description: [3, str] } }));
const stringsMap = namedMap(str);

/** `DefaultType`: only a scalar default has a member; any other leaves the message empty. */
const defaultType = oneof((v) =>
  typeof v === 'number'
    ? [1, always.double]
    : typeof v === 'boolean'
      ? [2, always.bool]
      : typeof v === 'string'
        ? [3, always.str]
        : undefined,
);

const SCHEMA: MessageTable = {
  fields: {
    nullable: [1, bool],
    discriminator: [2, message(() => ({ fields: { propertyName: [1, str], mapping: [2, stringsMap] }, patterns: [extensions(3)] }))],
    readOnly: [3, bool],
    writeOnly: [4, bool],
    xml: [5, xml],
    externalDocs: [6, externalDocs],
    example: [7, any],
    deprecated: [8, bool],
    title: [9, str],
    multipleOf: [10, double],
    maximum: [11, double],
    exclusiveMaximum: [12, bool],
    minimum: [13, double],
    exclusiveMinimum: [14, bool],
    maxLength: [15, int64],
    minLength: [16, int64],
    pattern: [17, str],
    maxItems: [18, int64],
    minItems: [19, int64],
    uniqueItems: [20, bool],
    maxProperties: [21, int64],
    minProperties: [22, int64],
    required: [23, strings],
    enum: [24, anys],
    type: [25, str],
    allOf: [
      26,
      list(
        orReference(
          message(() => SCHEMA),
          reference,
        ),
      ),
    ],
    oneOf: [
      27,
      list(
        orReference(
          message(() => SCHEMA),
          reference,
        ),
      ),
    ],
    anyOf: [
      28,
      list(
        orReference(
          message(() => SCHEMA),
          reference,
        ),
      ),
    ],
    not: [29, message(() => SCHEMA)],
    items: [30, itemsItem()],
    properties: [
      31,
      namedMap(
        orReference(
          message(() => SCHEMA),
          reference,
        ),
      ),
    ],
    additionalProperties: [
      32,
      oneof((v) =>
        typeof v === 'boolean'
          ? [2, always.bool]
          : isObject(v)
            ? [
                1,
                orReference(
                  message(() => SCHEMA),
                  reference,
                ),
              ]
            : undefined,
      ),
    ],
    default: [33, defaultType],
    description: [34, str],
    format: [35, str],
  },
  patterns: [extensions(36)],
};
const schemaOrReference = orReference(
  message(() => SCHEMA),
  reference,
);

/** `ItemsItem { repeated SchemaOrReference schema_or_reference = 1; }`, from one schema or a list. */
function itemsItem(): FieldWriter {
  const table: MessageTable = {
    fields: {
      items: [
        1,
        (w, no, v) =>
          list(
            orReference(
              message(() => SCHEMA),
              reference,
            ),
          )(w, no, Array.isArray(v) ? v : [v]),
      ],
    },
  };
  const m = message(() => table);
  return (w, no, v) => m(w, no, { items: v });
}

const example = orReference(
  message(() => ({
    fields: { summary: [1, str], description: [2, str], value: [3, any], externalValue: [4, str] },
    patterns: [extensions(5)],
  })),
  reference,
);
const examples = namedMap(example);

const HEADER: MessageTable = {
  fields: {
    description: [1, str],
    required: [2, bool],
    deprecated: [3, bool],
    allowEmptyValue: [4, bool],
    style: [5, str],
    explode: [6, bool],
    allowReserved: [7, bool],
    schema: [8, schemaOrReference],
    example: [9, any],
    examples: [10, examples],
    content: [11, namedMap(message(() => MEDIA_TYPE))],
  },
  patterns: [extensions(12)],
};
const headers = namedMap(
  orReference(
    message(() => HEADER),
    reference,
  ),
);

const MEDIA_TYPE: MessageTable = {
  fields: {
    schema: [1, schemaOrReference],
    example: [2, any],
    examples: [3, examples],
    encoding: [
      4,
      namedMap(
        message(() => ({
          fields: { contentType: [1, str], headers: [2, headers], style: [3, str], explode: [4, bool], allowReserved: [5, bool] },
          patterns: [extensions(6)],
        })),
      ),
    ],
  },
  patterns: [extensions(5)],
};
const mediaTypes = namedMap(message(() => MEDIA_TYPE));

const parameter = orReference(
  message(() => ({
    fields: {
      name: [1, str],
      in: [2, str],
      description: [3, str],
      required: [4, bool],
      deprecated: [5, bool],
      allowEmptyValue: [6, bool],
      style: [7, str],
      explode: [8, bool],
      allowReserved: [9, bool],
      schema: [10, schemaOrReference],
      example: [11, any],
      examples: [12, examples],
      content: [13, mediaTypes],
    },
    patterns: [extensions(14)],
  })),
  reference,
);
const requestBody = orReference(
  message(() => ({ fields: { description: [1, str], content: [2, mediaTypes], required: [3, bool] }, patterns: [extensions(4)] })),
  reference,
);

const server = message(() => ({
  fields: {
    url: [1, str],
    description: [2, str],
    variables: [
      3,
      namedMap(message(() => ({ fields: { enum: [1, strings], default: [2, str], description: [3, str] }, patterns: [extensions(4)] }))),
    ],
  },
  patterns: [extensions(4)],
}));

/** Links: `parameters` and `requestBody` are an Any, or an Expression when they are an object. */
const anyOrExpression = oneof((v) => (isObject(v) ? [2, namedMap(any)] : [1, any]));
const link = orReference(
  message(() => ({
    fields: {
      operationRef: [1, str],
      operationId: [2, str],
      parameters: [3, anyOrExpression],
      requestBody: [4, anyOrExpression],
      description: [5, str],
      server: [6, server],
    },
    patterns: [extensions(7)],
  })),
  reference,
);

const response = orReference(
  message(() => ({
    fields: { description: [1, str], headers: [2, headers], content: [3, mediaTypes], links: [4, namedMap(link)] },
    patterns: [extensions(5)],
  })),
  reference,
);
const responses = message(() => ({ fields: { default: [1, response] }, patterns: [[/^([0-9X]{3})$/, 2, response], extensions(3)] }));

/** `SecurityRequirement`: scheme names to `StringArray { repeated string value = 1; }`. */
const stringArray = message(() => ({ fields: { value: [1, strings] } }));
const securityRequirement = namedMap((w, no, v) => stringArray(w, no, { value: v }));

const OPERATION: MessageTable = {
  fields: {
    tags: [1, strings],
    summary: [2, str],
    description: [3, str],
    externalDocs: [4, externalDocs],
    operationId: [5, str],
    parameters: [6, list(parameter)],
    requestBody: [7, requestBody],
    responses: [8, responses],
    callbacks: [
      9,
      namedMap(
        orReference(
          message(() => CALLBACK),
          reference,
        ),
      ),
    ],
    deprecated: [10, bool],
    security: [11, list(securityRequirement)],
    servers: [12, list(server)],
  },
  patterns: [extensions(13)],
};
const operation = message(() => OPERATION);
const PATH_ITEM: MessageTable = {
  fields: {
    $ref: [1, str],
    summary: [2, str],
    description: [3, str],
    get: [4, operation],
    put: [5, operation],
    post: [6, operation],
    delete: [7, operation],
    options: [8, operation],
    head: [9, operation],
    patch: [10, operation],
    trace: [11, operation],
    servers: [12, list(server)],
    parameters: [13, list(parameter)],
  },
  patterns: [extensions(14)],
};
/** A callback names path items by expression (any key but an extension). */
const CALLBACK: MessageTable = { fields: {}, patterns: [extensions(2), [/^/, 1, message(() => PATH_ITEM)]] };

const oauthFlow = message(() => ({
  fields: { authorizationUrl: [1, str], tokenUrl: [2, str], refreshUrl: [3, str], scopes: [4, stringsMap] },
  patterns: [extensions(5)],
}));
const securityScheme = orReference(
  message(() => ({
    fields: {
      type: [1, str],
      description: [2, str],
      name: [3, str],
      in: [4, str],
      scheme: [5, str],
      bearerFormat: [6, str],
      flows: [
        7,
        message(() => ({
          fields: {
            implicit: [1, oauthFlow],
            password: [2, oauthFlow],
            clientCredentials: [3, oauthFlow],
            authorizationCode: [4, oauthFlow],
          },
          patterns: [extensions(5)],
        })),
      ],
      openIdConnectUrl: [8, str],
    },
    patterns: [extensions(9)],
  })),
  reference,
);

const components = message(() => ({
  fields: {
    schemas: [1, namedMap(schemaOrReference)],
    responses: [2, namedMap(response)],
    parameters: [3, namedMap(parameter)],
    examples: [4, examples],
    requestBodies: [5, namedMap(requestBody)],
    headers: [6, headers],
    securitySchemes: [7, namedMap(securityScheme)],
    links: [8, namedMap(link)],
    callbacks: [
      9,
      namedMap(
        orReference(
          message(() => CALLBACK),
          reference,
        ),
      ),
    ],
  },
  patterns: [extensions(10)],
}));

const info = message(() => ({
  fields: {
    title: [1, str],
    description: [2, str],
    termsOfService: [3, str],
    contact: [4, message(() => ({ fields: { name: [1, str], url: [2, str], email: [3, str] }, patterns: [extensions(4)] }))],
    license: [5, message(() => ({ fields: { name: [1, str], url: [2, str] }, patterns: [extensions(3)] }))],
    version: [6, str],
    summary: [8, str],
  },
  patterns: [extensions(7)],
}));
const tag = message(() => ({
  fields: { name: [1, str], description: [2, str], externalDocs: [3, externalDocs] },
  patterns: [extensions(4)],
}));

const DOCUMENT: MessageTable = {
  fields: {
    openapi: [1, str],
    info: [2, info],
    servers: [3, list(server)],
    paths: [4, message(() => ({ fields: {}, patterns: [[/^\//, 1, message(() => PATH_ITEM)], extensions(2)] }))],
    components: [5, components],
    security: [6, list(securityRequirement)],
    tags: [7, list(tag)],
    externalDocs: [8, externalDocs],
  },
  patterns: [extensions(9)],
};

/** An OpenAPI 3.0 document (parsed JSON) → `openapi.v3.Document` bytes. */
export function openApiV3ToProtobuf(doc: JsonObject): Uint8Array<ArrayBuffer> {
  return encodeDocument(DOCUMENT, doc);
}
