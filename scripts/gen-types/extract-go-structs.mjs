#!/usr/bin/env node
/**
 * One-off extraction of the Go struct layout of the API types from a kubectl binary (run:
 * `node scripts/gen-types/extract-go-structs.mjs /path/to/kubectl > scripts/gen-types/go-structs.json`).
 *
 * Why a binary: the JSON field order clients see is Go's struct order, which neither the
 * protobuf numbers nor the OpenAPI document (alphabetical) keep, and kubectl v1.32 links exactly
 * the k8s.io/api v0.32 types. Go keeps every struct's fields (name, type, tag) in order in its
 * reflection metadata, so the facts we need are read from there: field order, json names,
 * `omitempty`, `inline`, the Go type, and the protobuf/patch tags. Only facts are kept.
 *
 * Layout knowledge (Go 1.22/1.23, amd64, statically linked): a runtime name is
 * [flags][uvarint len][bytes]([uvarint len][tag]); a struct field is {name*, type*, offset};
 * a struct type is {rtype(48), pkgPath name*, fields slice}; type names are nameOffs from the
 * start of the read-only data segment.
 */
import { readFileSync } from 'node:fs';

const ROOTS = [
  'k8s.io/api/core/v1.Pod',
  'k8s.io/api/core/v1.PodList',
  'k8s.io/api/core/v1.PersistentVolumeClaim',
  'k8s.io/api/core/v1.PersistentVolumeClaimList',
  'k8s.io/api/core/v1.Service',
  'k8s.io/api/core/v1.ServiceList',
  'k8s.io/api/apps/v1.StatefulSet',
  'k8s.io/api/apps/v1.StatefulSetList',
  'k8s.io/api/apps/v1.ControllerRevision',
  'k8s.io/api/apps/v1.ControllerRevisionList',
  'k8s.io/api/networking/v1.Ingress',
  'k8s.io/api/networking/v1.IngressList',
  'k8s.io/api/networking/v1.IngressClass',
  'k8s.io/api/networking/v1.IngressClassList',
];
/** Types kept opaque: hand-written in Go or already declared in meta-v1.ts. */
const LEAVES = new Set([
  'k8s.io/apimachinery/pkg/apis/meta/v1.ObjectMeta',
  'k8s.io/apimachinery/pkg/apis/meta/v1.ListMeta',
  'k8s.io/apimachinery/pkg/apis/meta/v1.TypeMeta',
  'k8s.io/apimachinery/pkg/apis/meta/v1.LabelSelector',
  'k8s.io/apimachinery/pkg/apis/meta/v1.Time',
  'k8s.io/apimachinery/pkg/apis/meta/v1.MicroTime',
  'k8s.io/apimachinery/pkg/apis/meta/v1.Duration',
  'k8s.io/apimachinery/pkg/api/resource.Quantity',
  'k8s.io/apimachinery/pkg/util/intstr.IntOrString',
  'k8s.io/apimachinery/pkg/runtime.RawExtension',
]);

const buf = readFileSync(process.argv[2]);
const phoff = Number(buf.readBigUInt64LE(0x20));
const phnum = buf.readUInt16LE(0x38);
const phentsize = buf.readUInt16LE(0x36);
const segs = [];
for (let i = 0; i < phnum; i++) {
  const o = phoff + i * phentsize;
  if (buf.readUInt32LE(o) !== 1) continue; // PT_LOAD
  segs.push({
    off: Number(buf.readBigUInt64LE(o + 8)),
    vaddr: Number(buf.readBigUInt64LE(o + 16)),
    filesz: Number(buf.readBigUInt64LE(o + 32)),
  });
}
const toV = (off) => {
  for (const s of segs) if (off >= s.off && off < s.off + s.filesz) return s.vaddr + off - s.off;
  return -1;
};
const toOff = (v) => {
  for (const s of segs) if (v >= s.vaddr && v < s.vaddr + s.filesz) return s.off + v - s.vaddr;
  return -1;
};
const TYPES = segs[1].vaddr;
const u64 = (o) => Number(buf.readBigUInt64LE(o));

function uvarint(p) {
  let v = 0;
  let shift = 0;
  for (;;) {
    const b = buf[p++];
    v |= (b & 0x7f) << shift;
    if (!(b & 0x80)) return [v, p];
    shift += 7;
  }
}
function nameAt(v) {
  const p = toOff(v);
  const [n, p2] = uvarint(p + 1);
  return buf.toString('latin1', p2, p2 + n);
}

// 1. Every field name that carries a `json:` tag.
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const names = new Map();
const needle = Buffer.from('json:"');
for (let q = buf.indexOf(needle); q >= 0; q = buf.indexOf(needle, q + 1)) {
  for (let p = q - 3; p >= q - 90 && p >= 0; p--) {
    const flags = buf[p];
    if (!(flags & 2) || flags > 15) continue;
    const [n, p2] = uvarint(p + 1);
    if (n <= 0 || n > 80 || p2 + n > q) continue;
    const name = buf.toString('latin1', p2, p2 + n);
    if (!IDENT.test(name)) continue;
    const [m, p3] = uvarint(p2 + n);
    if (p3 !== q) continue;
    names.set(toV(p), { name, tag: buf.toString('latin1', q, q + m), embedded: (flags & 8) !== 0 });
    break;
  }
}

// 2. Runs of struct fields (24-byte records whose first word is such a name).
const start = segs[1].off;
const end = segs[segs.length - 1].off + segs[segs.length - 1].filesz;
const runs = [];
let cur = null;
for (let o = start; o + 24 <= end; o += 8) {
  const rec = names.get(u64(o));
  if (!rec) continue;
  const f = { ...rec, typ: u64(o + 8) };
  if (cur && cur.next === o) {
    cur.fields.push(f);
    cur.next = o + 24;
  } else {
    cur = { at: o, next: o + 24, fields: [f] };
    runs.push(cur);
  }
}

// 3. Type descriptors: full names with package paths.
const KIND = { 1: 'bool', 2: 'int', 5: 'int32', 6: 'int64', 8: 'uint8', 14: 'float64', 24: 'string', 25: 'struct', 20: 'interface' };
const UNCOMMON_AT = { 17: 72, 21: 88, 22: 56, 23: 56, 25: 80 };
function describe(tv) {
  const o = toOff(tv);
  const tflag = buf[o + 20];
  const kind = buf[o + 23] & 0x1f;
  let s = nameAt(TYPES + buf.readInt32LE(o + 40));
  if (tflag & 2) s = s.slice(1);
  const named = (tflag & 4) !== 0;
  if (named && tflag & 1) {
    const pkg = nameAt(TYPES + buf.readInt32LE(o + (UNCOMMON_AT[kind] ?? 48)));
    if (pkg) {
      const base =
        kind === 25
          ? 'struct'
          : (KIND[kind] ?? (kind === 21 ? describeMap(o) : kind === 23 ? `[]${describe(u64(o + 48))}` : `kind${kind}`));
      return { named: `${pkg}.${s.slice(s.indexOf('.') + 1)}`, base };
    }
  }
  if (kind === 22) return `*${fmt(describe(u64(o + 48)))}`;
  if (kind === 23) return `[]${fmt(describe(u64(o + 48)))}`;
  if (kind === 21) return describeMap(o);
  return s;
}
function describeMap(o) {
  return `map[${fmt(describe(u64(o + 48)))}]${fmt(describe(u64(o + 56)))}`;
}
function fmt(d) {
  return typeof d === 'string' ? d : d.named;
}

const byType = new Map();
const runStarts = new Map(runs.map((r) => [toV(r.at), r]));
for (let o = start; o + 16 <= end; o += 8) {
  const r = runStarts.get(u64(o));
  if (!r || r.owner || u64(o + 8) !== r.fields.length) continue;
  const t = o - 56;
  if ((buf[t + 23] & 0x1f) !== 25) continue;
  const d = describe(toV(t));
  if (typeof d === 'string') continue;
  r.owner = d.named;
  byType.set(d.named, r);
}

// 4. Walk from the roots; named non-struct types are recorded with their underlying type.
const out = {};
const scalars = {};
const queue = [...ROOTS];
const seen = new Set(queue);
function refs(t) {
  return [...t.matchAll(/[a-z0-9./-]+\.[A-Z][A-Za-z0-9]*/g)].map((m) => m[0]);
}
while (queue.length) {
  const name = queue.shift();
  const r = byType.get(name);
  if (!r) throw new Error(`no struct ${name}`);
  out[name] = r.fields.map((f) => {
    const d = describe(f.typ);
    const goType = fmt(d);
    for (const n of namedIn(f.typ)) if (n.base !== 'struct') scalars[n.named] = n.base;
    for (const ref of refs(goType)) {
      if (LEAVES.has(ref) || seen.has(ref) || !byType.has(ref)) continue;
      seen.add(ref);
      queue.push(ref);
    }
    return { go: f.name, tag: f.tag, type: goType, ...(f.embedded ? { embedded: true } : {}) };
  });
}
/** The named types inside a field's type (through pointers, slices and maps). */
function namedIn(tv) {
  const o = toOff(tv);
  const kind = buf[o + 23] & 0x1f;
  const d = describe(tv);
  if (typeof d !== 'string')
    return [d, ...(kind === 21 ? [...namedIn(u64(o + 48)), ...namedIn(u64(o + 56))] : kind === 23 ? namedIn(u64(o + 48)) : [])];
  if (kind === 22 || kind === 23) return namedIn(u64(o + 48));
  if (kind === 21) return [...namedIn(u64(o + 48)), ...namedIn(u64(o + 56))];
  return [];
}
process.stdout.write(
  `${JSON.stringify(
    {
      description:
        'Go struct layout (field order, json/protobuf/patch tags, Go types) of the API types reachable from the kinds in ROOTS, read from the reflection metadata of kubectl v1.32.4 (k8s.io/api v0.32.4) by scripts/gen-types/extract-go-structs.mjs.',
      structs: out,
      named: Object.fromEntries(Object.entries(scalars).sort()),
    },
    null,
    1,
  )}\n`,
);
