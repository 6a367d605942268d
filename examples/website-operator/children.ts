/**
 * What a Website should have, as objects to apply: a ConfigMap holding its page, a headless
 * Service governing its pods, and a StatefulSet of web servers mounting the page. Each names the
 * Website as its controller, so the garbage collector removes them with it and the operator hears
 * of their changes. Pure functions of the Website: easy to test, and applying them again changes
 * nothing.
 */
import { type ConfigMap, type Service, type StatefulSet, setControllerReference } from '../../controllers/index.ts';
import { WEBSITE_LABEL, WEBSITES, type Website } from './website.ts';

/** The page's hash, on the pod template: new content rolls the pods, as a real operator would. */
export function contentHash(content: string): string {
  // FNV-1a: short and stable; it only has to change when the content does.
  let h = 0x811c9dc5;
  for (let i = 0; i < content.length; i++) h = Math.imul(h ^ content.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

function owned<T extends ConfigMap | Service | StatefulSet>(site: Website, child: T): T {
  setControllerReference(site, child, WEBSITES);
  return child;
}

export function desiredConfigMap(site: Website): ConfigMap {
  const { name = '', namespace } = site.metadata;
  return owned(site, {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: `${name}-content`, namespace, labels: { [WEBSITE_LABEL]: name } },
    data: { 'index.html': site.spec?.content ?? '' },
  });
}

export function desiredService(site: Website): Service {
  const { name = '', namespace } = site.metadata;
  return owned(site, {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace, labels: { [WEBSITE_LABEL]: name } },
    spec: {
      clusterIP: 'None',
      selector: { [WEBSITE_LABEL]: name },
      ports: [{ name: 'http', port: 80, targetPort: 80 }],
    },
  });
}

export function desiredStatefulSet(site: Website): StatefulSet {
  const { name = '', namespace } = site.metadata;
  const labels = { [WEBSITE_LABEL]: name };
  return owned(site, {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name, namespace, labels },
    spec: {
      replicas: site.spec?.replicas ?? 1,
      serviceName: name,
      podManagementPolicy: 'Parallel',
      selector: { matchLabels: labels },
      template: {
        metadata: { labels, annotations: { 'example.com/content-hash': contentHash(site.spec?.content ?? '') } },
        spec: {
          containers: [
            {
              name: 'web',
              image: site.spec?.image ?? 'nginx:1.27',
              ports: [{ name: 'http', containerPort: 80 }],
              volumeMounts: [{ name: 'content', mountPath: '/usr/share/nginx/html', readOnly: true }],
            },
          ],
          volumes: [{ name: 'content', configMap: { name: `${name}-content` } }],
        },
      },
    },
  });
}
