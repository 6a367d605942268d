/** The protobuf wire format, derived from the kinds' schemas (field numbers in `FieldSpec.proto`). */
export { encodeMessage, ProtobufEncodeError } from './encode.ts';
export { decodeMessage, ProtobufDecodeError } from './decode.ts';
export { hasProtobuf } from './proto-fields.ts';
export { PROTOBUF_MAGIC, encodeEnvelope, decodeEnvelope, EnvelopeError, type Envelope, type TypeMeta } from './envelope.ts';
export { encodeWatchFrame, decodeWatchEvent, WatchFrameReader, type WatchFrame } from './watch-frame.ts';
export { listSchemaOf, messageSchema } from './message-types.ts';
export { protobufSerializer, PROTOBUF_MEDIA_TYPE, PROTOBUF_MEDIA_TYPE_ALIAS } from './serializer.ts';
