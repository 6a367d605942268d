export { flowSchemaController, danglingCondition, DANGLING, APF_FIELD_MANAGER } from './controller.ts';
