/** sorted-btree is CommonJS with `exports.default`; Node's ESM import and bundlers disagree on the default. */
import BTreeModule from 'sorted-btree';

type BTreeCtor = typeof BTreeModule.default;
const mod = BTreeModule as unknown as { default?: BTreeCtor } & BTreeCtor;
export const BTree: BTreeCtor = mod.default ?? mod;
export type BTree<K, V> = InstanceType<BTreeCtor> & { get(k: K): V | undefined; entries(low?: K): IterableIterator<[K, V]> };
