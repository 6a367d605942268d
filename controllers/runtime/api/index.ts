export * from './types.ts';
export * from './resources.ts';
export * from './custom-resources.ts';
export { formatTime, formatMicroTime, parseTime } from './time.ts';
