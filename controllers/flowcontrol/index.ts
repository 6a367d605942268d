export {
  flowSchemaController,
  danglingCondition,
  DANGLING,
  APF_FIELD_MANAGER,
  FLOW_SCHEMAS,
  PRIORITY_LEVEL_CONFIGURATIONS,
  type FlowSchema,
  type FlowSchemaCondition,
  type PriorityLevelConfiguration,
} from './controller.ts';
