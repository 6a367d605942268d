export { DEFAULT_SERVICE_ACCOUNT, serviceAccountController } from './controller.ts';
