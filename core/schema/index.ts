export * from './types.ts';
export * from './build.ts';
export * from './index-fields.ts';
export * from './decode.ts';
export * from './validate.ts';
export * from './go-names.ts';
export { canonicalQuantity } from './quantity.ts';
