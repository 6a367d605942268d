/**
 * The messages of etcd's KV and Watch services the backend sends and reads (Range, Txn, Compact
 * and the Watch stream), as etcd's v3 API defines them in `etcdserver/etcdserverpb/rpc.proto` and
 * `mvcc/mvccpb/kv.proto` (Apache-2.0). Only these messages, with their fields' numbers and types
 * as etcd declares them: protobufjs builds their encoders and decoders once. Beside them, the
 * TypeScript shapes of the fields the backend reads and writes.
 */
import protobuf from 'protobufjs';

const MVCCPB = `
syntax = "proto3";
package mvccpb;
message KeyValue {
  bytes key = 1;
  int64 create_revision = 2;
  int64 mod_revision = 3;
  int64 version = 4;
  bytes value = 5;
  int64 lease = 6;
}
message Event {
  enum EventType {
    Put = 0;
    Delete = 1;
  }
  EventType type = 1;
  KeyValue kv = 2;
  KeyValue prev_kv = 3;
}
`;

const ETCDSERVERPB = `
syntax = "proto3";
package etcdserverpb;
message ResponseHeader {
  uint64 cluster_id = 1;
  uint64 member_id = 2;
  int64 revision = 3;
  uint64 raft_term = 4;
}
message RangeRequest {
  enum SortOrder {
    None = 0;
    Ascend = 1;
    Descend = 2;
  }
  enum SortTarget {
    Key = 0;
    Version = 1;
    Create = 2;
    Mod = 3;
    Value = 4;
  }
  bytes key = 1;
  bytes range_end = 2;
  int64 limit = 3;
  int64 revision = 4;
  SortOrder sort_order = 5;
  SortTarget sort_target = 6;
  bool serializable = 7;
  bool keys_only = 8;
  bool count_only = 9;
  int64 min_mod_revision = 10;
  int64 max_mod_revision = 11;
  int64 min_create_revision = 12;
  int64 max_create_revision = 13;
}
message RangeResponse {
  ResponseHeader header = 1;
  repeated mvccpb.KeyValue kvs = 2;
  bool more = 3;
  int64 count = 4;
}
message PutRequest {
  bytes key = 1;
  bytes value = 2;
  int64 lease = 3;
  bool prev_kv = 4;
  bool ignore_value = 5;
  bool ignore_lease = 6;
}
message PutResponse {
  ResponseHeader header = 1;
  mvccpb.KeyValue prev_kv = 2;
}
message DeleteRangeRequest {
  bytes key = 1;
  bytes range_end = 2;
  bool prev_kv = 3;
}
message DeleteRangeResponse {
  ResponseHeader header = 1;
  int64 deleted = 2;
  repeated mvccpb.KeyValue prev_kvs = 3;
}
message RequestOp {
  oneof request {
    RangeRequest request_range = 1;
    PutRequest request_put = 2;
    DeleteRangeRequest request_delete_range = 3;
    TxnRequest request_txn = 4;
  }
}
message ResponseOp {
  oneof response {
    RangeResponse response_range = 1;
    PutResponse response_put = 2;
    DeleteRangeResponse response_delete_range = 3;
    TxnResponse response_txn = 4;
  }
}
message Compare {
  enum CompareResult {
    Equal = 0;
    Greater = 1;
    Less = 2;
    NotEqual = 3;
  }
  enum CompareTarget {
    Version = 0;
    Create = 1;
    Mod = 2;
    Value = 3;
    Lease = 4;
  }
  CompareResult result = 1;
  CompareTarget target = 2;
  bytes key = 3;
  oneof target_union {
    int64 version = 4;
    int64 create_revision = 5;
    int64 mod_revision = 6;
    bytes value = 7;
    int64 lease = 8;
  }
  bytes range_end = 64;
}
message TxnRequest {
  repeated Compare compare = 1;
  repeated RequestOp success = 2;
  repeated RequestOp failure = 3;
}
message TxnResponse {
  ResponseHeader header = 1;
  bool succeeded = 2;
  repeated ResponseOp responses = 3;
}
message CompactionRequest {
  int64 revision = 1;
  bool physical = 2;
}
message CompactionResponse {
  ResponseHeader header = 1;
}
message WatchRequest {
  oneof request_union {
    WatchCreateRequest create_request = 1;
    WatchCancelRequest cancel_request = 2;
    WatchProgressRequest progress_request = 3;
  }
}
message WatchCreateRequest {
  enum FilterType {
    Noput = 0;
    Nodelete = 1;
  }
  bytes key = 1;
  bytes range_end = 2;
  int64 start_revision = 3;
  bool progress_notify = 4;
  repeated FilterType filters = 5;
  bool prev_kv = 6;
  int64 watch_id = 7;
  bool fragment = 8;
}
message WatchCancelRequest {
  int64 watch_id = 1;
}
message WatchProgressRequest {
}
message WatchResponse {
  ResponseHeader header = 1;
  int64 watch_id = 2;
  bool created = 3;
  bool canceled = 4;
  int64 compact_revision = 5;
  string cancel_reason = 6;
  bool fragment = 7;
  repeated mvccpb.Event events = 11;
}
`;

let root: protobuf.Root | undefined;

/** A message type of etcd's KV or Watch service (`RangeRequest`, `WatchResponse`, ...). */
export function etcdMessage(name: string): protobuf.Type {
  if (!root) {
    root = new protobuf.Root();
    protobuf.parse(MVCCPB, root, { keepCase: true });
    protobuf.parse(ETCDSERVERPB, root, { keepCase: true });
  }
  return root.lookupType(`etcdserverpb.${name}`);
}

/** An int64 as protobufjs decodes it: a Long where the `long` package is present, else a number. */
type Int64 = number | { toNumber(): number };

export function int64(v: Int64 | null | undefined): number {
  if (v == null) return 0;
  return typeof v === 'number' ? v : v.toNumber();
}

export interface KeyValueMessage {
  readonly key: Uint8Array;
  readonly value: Uint8Array;
  readonly create_revision: Int64;
  readonly mod_revision: Int64;
  /** How many times the key was written since its creation. */
  readonly version?: Int64;
}

export interface ResponseHeaderMessage {
  readonly revision: Int64;
}

export interface RangeRequestMessage {
  readonly key: Uint8Array;
  readonly range_end?: Uint8Array;
  readonly limit?: number;
  readonly revision?: number;
  readonly keys_only?: boolean;
}

export interface RangeResponseMessage {
  readonly header?: ResponseHeaderMessage;
  readonly kvs: readonly KeyValueMessage[];
  readonly more: boolean;
}

export interface RequestOpMessage {
  readonly request_range?: RangeRequestMessage;
  readonly request_put?: { readonly key: Uint8Array; readonly value: Uint8Array; readonly prev_kv?: boolean };
  readonly request_delete_range?: { readonly key: Uint8Array };
}

export interface CompareMessage {
  readonly key: Uint8Array;
  /** etcd's Compare.CompareTarget: VERSION 0, CREATE 1, MOD 2, VALUE 3. */
  readonly target: number;
  /** etcd's Compare.CompareResult: EQUAL 0. */
  readonly result: number;
  readonly version?: number;
  readonly create_revision?: number;
  readonly mod_revision?: number;
}

export interface TxnRequestMessage {
  readonly compare: readonly CompareMessage[];
  readonly success: readonly RequestOpMessage[];
  readonly failure?: readonly RequestOpMessage[];
}

export interface ResponseOpMessage {
  readonly response_range?: RangeResponseMessage;
  readonly response_put?: { readonly prev_kv?: KeyValueMessage };
}

export interface TxnResponseMessage {
  readonly header?: ResponseHeaderMessage;
  readonly succeeded: boolean;
  readonly responses: readonly ResponseOpMessage[];
}

export interface CompactionRequestMessage {
  readonly revision: number;
}

export interface CompactionResponseMessage {
  readonly header?: ResponseHeaderMessage;
}

/** One message of a Watch stream from the client: create a watcher, or ask for progress. */
export interface WatchRequestMessage {
  readonly create_request?: {
    readonly key: Uint8Array;
    readonly range_end: Uint8Array;
    readonly start_revision: number;
    readonly progress_notify?: boolean;
    readonly prev_kv?: boolean;
  };
  readonly progress_request?: Record<string, never>;
}

/** etcd's mvccpb.Event.EventType. */
export const EventType = { PUT: 0, DELETE: 1 } as const;

export interface EventMessage {
  /** PUT (0, which proto3 leaves out) or DELETE. */
  readonly type?: number;
  readonly kv?: KeyValueMessage;
  readonly prev_kv?: KeyValueMessage;
}

export interface WatchResponseMessage {
  readonly header?: ResponseHeaderMessage;
  readonly created?: boolean;
  readonly canceled?: boolean;
  readonly compact_revision?: Int64;
  readonly cancel_reason?: string;
  readonly events: readonly EventMessage[];
}

export const CompareTarget = { VERSION: 0, CREATE: 1, MOD: 2 } as const;
export const CompareResult = { EQUAL: 0 } as const;
