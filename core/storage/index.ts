export * from './backend.ts';
export { MemoryBackend } from './memory-backend.ts';
