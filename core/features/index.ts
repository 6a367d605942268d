export * from './feature-gates.ts';
export * from './runtime-config.ts';
export { KNOWN_GATES, type GateSpec, type Stage } from './known-gates.ts';
