export * from './names.ts';
export * from './validation.ts';
