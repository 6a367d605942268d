/**
 * The FlowSchema `Dangling` condition, as the API server's priority-and-fairness config
 * controller maintains it: True with reason NotFound while the referenced
 * PriorityLevelConfiguration does not exist (the schema is then ignored), False with reason Found
 * once it does. Written by a server-side apply of the status under the real field manager, only
 * when status, reason or message change.
 */
import type { FlowSchema, FlowSchemaCondition } from '../../core/registry/types/index.ts';
import { FLOW_SCHEMAS, PRIORITY_LEVEL_CONFIGURATIONS } from '../runtime/api/resources.ts';
import { formatTime } from '../runtime/api/time.ts';
import type { RunnableFactory } from '../runtime/controller/manager.ts';

export const DANGLING = 'Dangling';
/** The field manager the real config controller applies status with. */
export const APF_FIELD_MANAGER = 'api-priority-and-fairness-config-consumer-v1';

/**
 * The PriorityLevelConfiguration a schema names. The server's validation requires it; '' only for
 * an object that did not come from a server, which then names no level that exists.
 */
function levelOf(fs: FlowSchema): string {
  return fs.spec?.priorityLevelConfiguration.name ?? '';
}

export function danglingCondition(fs: FlowSchema, levelExists: boolean): Omit<FlowSchemaCondition, 'lastTransitionTime'> {
  const name = levelOf(fs);
  return levelExists
    ? {
        type: DANGLING,
        status: 'False',
        reason: 'Found',
        message: `This FlowSchema references the PriorityLevelConfiguration object named "${name}" and it exists`,
      }
    : {
        type: DANGLING,
        status: 'True',
        reason: 'NotFound',
        message: `This FlowSchema references the PriorityLevelConfiguration object named "${name}" but there is no such object`,
      };
}

export function flowSchemaController(): RunnableFactory {
  return (mgr) => {
    const schemas = mgr.informer(FLOW_SCHEMAS);
    const levels = mgr.informer(PRIORITY_LEVEL_CONFIGURATIONS);
    return mgr.createController<FlowSchema>({
      name: 'apf-config-controller',
      for: FLOW_SCHEMAS,
      watches: [
        {
          resource: PRIORITY_LEVEL_CONFIGURATIONS,
          map: (plc) =>
            schemas.store
              .list()
              .filter((fs) => levelOf(fs) === plc.metadata.name)
              .map((fs) => fs.metadata.name ?? ''),
        },
      ],
      async reconcile(name) {
        const fs = schemas.store.get(name);
        if (!fs || fs.metadata.deletionTimestamp) return;
        const want = danglingCondition(fs, levels.store.get(levelOf(fs)) !== undefined);
        const have = fs.status?.conditions?.find((c) => c.type === DANGLING);
        if (have && have.status === want.status && have.reason === want.reason && have.message === want.message) return;
        await mgr.client.resource(FLOW_SCHEMAS).apply(
          {
            apiVersion: 'flowcontrol.apiserver.orch.io/v1',
            kind: 'FlowSchema',
            metadata: { name },
            status: { conditions: [{ ...want, lastTransitionTime: formatTime(mgr.clock.now()) }] },
          },
          { fieldManager: APF_FIELD_MANAGER, force: true, subresource: 'status' },
        );
      },
    });
  };
}
