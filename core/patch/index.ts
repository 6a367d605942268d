export { mergePatch } from './merge-patch.ts';
