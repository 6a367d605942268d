/**
 * The parts of core the client runs itself (`patch --local`, `--dry-run=client`): the server's
 * patch code and the built-in kinds' schemas. Loaded only when needed; the Node build puts them
 * in a bundle of their own (dist/orchctl-core.cjs) so that other commands do not load them.
 */
export { applyJsonPatch, mergePatch, strategicMergePatch } from '../core/patch/index.ts';
export { BUILTIN_KINDS } from '../core/registry/kinds/index.ts';
