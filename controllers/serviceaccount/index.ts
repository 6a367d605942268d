export { DEFAULT_SERVICE_ACCOUNT, serviceAccountController } from './controller.ts';
export { type LegacyTokenSigner, TOKENS_CONTROLLER, tokensController, type TokensControllerOptions } from './tokens-controller.ts';
