/**
 * `kubectl explain` (kubectl 1.32, which reads /openapi/v3) prints a description for every field
 * and the ENUM values of enumerated fields, as it does against the real v1.32 server, instead of
 * `<no description>` (docs/api-rules.md, "Versions and deprecation": OpenAPI).
 */
import { describe, expect, it } from 'vitest';
import { kubectlPerSuite } from '../support/kubectl.ts';

interface ExplainedField {
  readonly type: string;
  readonly enum?: readonly string[];
  readonly description: string;
}

interface Explained {
  readonly description: string;
  /** The `ENUM:` block of an enumerated field. */
  readonly enum?: readonly string[];
  readonly fields: ReadonlyMap<string, ExplainedField>;
}

/** kubectl's plaintext explain output: the DESCRIPTION and ENUM blocks, and each entry of FIELDS. */
function parse(out: string): Explained {
  const [head, fieldsPart = ''] = out.split('\nFIELDS:\n');
  const enumBlock = /\nENUM:\n((?: {4}\S.*\n)+)/.exec(head)?.[1];
  const description = (head.split('\nDESCRIPTION:\n')[1] ?? '').trim();
  const fields = new Map<string, { type: string; enum?: string[]; description: string }>();
  let current: { type: string; enum?: string[]; description: string } | undefined;
  for (const line of fieldsPart.split('\n')) {
    const start = /^ {2}(\S+)\t<(.+?)>/.exec(line);
    const values = /^ {2}enum: (.*)$/.exec(line);
    if (start) fields.set(start[1], (current = { type: start[2], description: '' }));
    else if (values && current) current.enum = values[1].split(', ');
    else if (line.startsWith('    ') && current) current.description = `${current.description}${line.trim()}\n`.trimStart();
  }
  return { description, ...(enumBlock ? { enum: enumBlock.trim().split(/\n\s+/) } : {}), fields };
}

interface Case {
  readonly path: string;
  /** The values of the explained field itself. */
  readonly enum?: readonly string[];
  /** Every field kubectl lists, with the values of the enumerated ones. */
  readonly fields?: Readonly<Record<string, readonly string[] | null>>;
}

const OBJECT_META_FIELDS = [
  'annotations',
  'creationTimestamp',
  'deletionGracePeriodSeconds',
  'deletionTimestamp',
  'finalizers',
  'generateName',
  'generation',
  'labels',
  'managedFields',
  'name',
  'namespace',
  'ownerReferences',
  'resourceVersion',
  'selfLink',
  'uid',
];

const CASES: readonly Case[] = [
  { path: 'statefulset.spec.updateStrategy', fields: { rollingUpdate: null, type: ['OnDelete', 'RollingUpdate'] } },
  { path: 'statefulset.spec.podManagementPolicy', enum: ['OrderedReady', 'Parallel'] },
  { path: 'ingress.spec.rules.http.paths.pathType', enum: ['Exact', 'ImplementationSpecific', 'Prefix'] },
  {
    path: 'flowschema.spec',
    fields: { distinguisherMethod: null, matchingPrecedence: null, priorityLevelConfiguration: null, rules: null },
  },
  { path: 'configmap', fields: { apiVersion: null, binaryData: null, data: null, immutable: null, kind: null, metadata: null } },
  { path: 'statefulset.metadata', fields: Object.fromEntries(OBJECT_META_FIELDS.map((f) => [f, null])) },
];

describe('kubectl explain', () => {
  const cluster = kubectlPerSuite({ host: '127.0.0.1' });
  const k = cluster.kubectl;

  it.each(CASES)('explain $path: described, with its ENUM values', async ({ path, enum: values, fields }) => {
    const out = await k('explain', path);
    expect(out).not.toContain('<no description>');
    const explained = parse(out);
    expect(explained.description).not.toBe('');
    expect(explained.enum).toEqual(values);
    if (values) {
      // The value explanations follow the description, as the real server publishes them.
      expect(explained.description).toContain('Possible enum values:');
      for (const v of values) expect(explained.description).toMatch(new RegExp(`^ *- \`"${v}"\` \\S`, 'm'));
    }
    if (fields) {
      expect([...explained.fields.keys()]).toEqual(Object.keys(fields).sort());
      for (const [name, field] of explained.fields) {
        expect(field.description, `${path}.${name}`).not.toBe('');
        expect(field.enum, `${path}.${name}`).toEqual(fields[name] ?? undefined);
      }
    }
  });

  // IntOrString and Quantity are named by their schema (oneOf, no type), as against the real server.
  it.each([
    ['statefulset.spec.updateStrategy.rollingUpdate', 'maxUnavailable', 'IntOrString'],
    ['statefulset.spec.template.spec.containers.ports', 'containerPort', 'integer'],
    ['statefulset.spec.template.spec.containers.resources', 'limits', 'map[string]Quantity'],
    ['statefulset.spec.template.spec.containers.readinessProbe.httpGet', 'port', 'IntOrString'],
  ])('explain %s: %s is <%s>', async (path, field, type) => {
    const explained = parse(await k('explain', path));
    expect(explained.fields.get(field)?.type).toBe(type);
  });
});
