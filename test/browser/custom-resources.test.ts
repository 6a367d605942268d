/**
 * Custom resources in the playground: a CRD created in the YAML editor becomes a kind the explorer
 * lists once it is Established (the app re-reads discovery when the Established CRDs change), and
 * the editor creates its objects, which the explorer shows.
 */
import { expect } from 'chai';
import { describe, it } from './support/mocha.ts';
import type { Tab } from './support/pages.ts';
import { usePlayground } from './support/playground.ts';

const CRD_YAML = `apiVersion: apiextensions.orch.io/v1
kind: CustomResourceDefinition
metadata:
  name: gizmos.play.example.com
spec:
  group: play.example.com
  scope: Namespaced
  names:
    plural: gizmos
    singular: gizmo
    kind: Gizmo
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                size:
                  type: integer
                  maximum: 10
`;

const GIZMO_YAML = `apiVersion: play.example.com/v1
kind: Gizmo
metadata:
  name: first-gizmo
  namespace: default
spec:
  size: 3
`;

describe('custom resources in the playground', () => {
  let tab: Tab;
  const view = usePlayground((opened) => {
    tab = opened;
  });

  it('a CRD made in the editor becomes a kind in the explorer, and the editor makes its objects', async () => {
    await view('editor');
    await tab.fill('orch-yaml-editor [aria-label=YAML]', CRD_YAML);
    await tab.click('orch-yaml-editor [data-action=create]');
    await tab.waitFor('orch-yaml-editor .result[data-status="201"]');

    await view('explorer');
    await tab.click('orch-explorer li[data-ns=default]');
    await tab.click('orch-explorer li[data-resource=gizmos]');

    await view('editor');
    await tab.fill('orch-yaml-editor [aria-label=YAML]', GIZMO_YAML);
    await tab.click('orch-yaml-editor [data-action=create]');
    await tab.waitFor('orch-yaml-editor .result[data-status="201"]');

    await view('explorer');
    await tab.waitFor('orch-explorer tr[data-object=first-gizmo]');
    await tab.click('orch-explorer tr[data-object=first-gizmo]');
    expect(await tab.text('orch-explorer pre.yaml')).to.include('size: 3');
    await tab.screenshot('custom-resource');
  });
});
