export { EncryptionConfigError, parseEncryptionConfig, type EncryptionRule } from './config.ts';
export { EncryptionTransformer } from './transformer.ts';
