export * from './label-selector.ts';
export * from './field-selector.ts';
