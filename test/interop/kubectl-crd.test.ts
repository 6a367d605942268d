/**
 * Custom resources with kubectl 1.32, end to end over HTTP: apply a CustomResourceDefinition,
 * wait for it to be established, get its objects by plural, short name and category, explain
 * its schema, apply an object server-side, scale it, and delete the definition with its objects.
 */
import { describe, expect, it } from 'vitest';
import { kubectlPerSuite } from '../support/kubectl.ts';

const CRD = `apiVersion: apiextensions.orch.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names:
    plural: widgets
    singular: widget
    kind: Widget
    shortNames: [wd]
    categories: [all]
  versions:
  - name: v1
    served: true
    storage: true
    subresources:
      status: {}
      scale:
        specReplicasPath: .spec.replicas
        statusReplicasPath: .status.replicas
    additionalPrinterColumns:
    - name: Replicas
      type: integer
      jsonPath: .spec.replicas
    - name: Color
      type: string
      jsonPath: .spec.color
      priority: 1
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            description: What the widget should be.
            properties:
              replicas:
                type: integer
                description: How many widgets.
                default: 1
              color:
                type: string
                description: The colour of the widget.
              ports:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [name]
                items:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string}
                    port: {type: integer}
          status:
            type: object
            properties:
              replicas: {type: integer}
`;

const WIDGET = `apiVersion: example.com/v1
kind: Widget
metadata:
  name: w1
spec:
  color: blue
  ports:
  - name: http
    port: 80
`;

describe('kubectl 1.32 and custom resources', () => {
  const { kubectl: k } = kubectlPerSuite({ host: '127.0.0.1' });

  it('applies a definition and waits until it is established', async () => {
    expect(await k('apply', '-f', k.file('crd.yaml', CRD))).toContain('widgets.example.com created');
    expect(await k('wait', '--for', 'condition=established', '--timeout=30s', 'crd/widgets.example.com')).toContain('condition met');
  });

  it('applies a custom resource server-side and gets it by plural, short name and category', async () => {
    expect(await k('apply', '--server-side', '-f', k.file('w1.yaml', WIDGET))).toContain('widget.example.com/w1 serverside-applied');
    const byPlural = await k('get', 'widgets');
    expect(byPlural).toMatch(/NAME\s+REPLICAS/);
    expect(byPlural).toMatch(/w1\s+1/);
    expect(await k('get', 'wd', '-o', 'wide')).toMatch(/w1\s+1\s+blue/);
    expect(await k('get', 'all')).toContain('widget.example.com/w1');
    const obj = JSON.parse(await k('get', 'widget', 'w1', '-o', 'json', '--show-managed-fields'));
    expect(obj.metadata.managedFields[0]).toMatchObject({ manager: 'kubectl', operation: 'Apply' });
  });

  it('explains the schema', async () => {
    const out = await k('explain', 'widget.spec');
    expect(out).toContain('What the widget should be.');
    expect(out).toMatch(/replicas\s+<integer>/);
    expect(out).toContain('How many widgets.');
  });

  it('scales through the scale subresource', async () => {
    expect(await k('scale', 'widget/w1', '--replicas=3')).toContain('scaled');
    expect(await k('get', 'widget', 'w1', '-o', 'jsonpath={.spec.replicas}')).toBe('3');
  });

  it('refuses a bad object with the field at fault', async () => {
    const bad = await k.result(['apply', '-f', k.file('bad.yaml', WIDGET.replace('port: 80', 'port: eighty').replace('w1', 'w2'))]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('spec.ports[0].port');
  });

  it('deletes the definition and its objects', async () => {
    expect(await k('delete', 'crd', 'widgets.example.com', '--timeout=60s')).toContain('deleted');
    const after = await k.result(['get', 'widgets']);
    expect(after.code).not.toBe(0);
    // kubectl may still hold the resource in its discovery cache: then the server's 404 says it is gone.
    expect(after.stderr).toMatch(
      /the server doesn't have a resource type "widgets"|NotFound.*the server could not find the requested resource/,
    );
  });
});
