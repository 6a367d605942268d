/** The output printers alone: the JSONPath dialect, the go-template subset, tables and YAML. */
import { describe, expect, it } from 'vitest';
import { GoTemplate, JsonPath, printTable, toYaml } from '../../cli/printers/index.ts';

const pod = {
  kind: 'Pod',
  metadata: { name: 'web-0', labels: { app: 'web', tier: 'front' } },
  spec: {
    containers: [
      { name: 'a', image: 'nginx' },
      { name: 'b', image: 'redis' },
    ],
  },
  status: {
    conditions: [
      { type: 'Ready', status: 'True' },
      { type: 'Scheduled', status: 'True' },
    ],
    count: 3,
  },
};

describe('jsonpath', () => {
  it.each([
    ['{.metadata.name}', 'web-0'],
    ['{.spec.containers[*].name}', 'a b'],
    ['{.spec.containers[0].image}', 'nginx'],
    ['{.spec.containers[-1].image}', 'redis'],
    ['{.spec.containers[0:1].name}', 'a'],
    ['{range .spec.containers[*]}{.name}={.image}{"\\n"}{end}', 'a=nginx\nb=redis\n'],
    ['{.status.conditions[?(@.type=="Ready")].status}', 'True'],
    ['{.metadata.labels}', '{"app":"web","tier":"front"}'],
    ["{.metadata.labels['app']}", 'web'],
    ['{..image}', 'nginx redis'],
    ['{.status.count}', '3'],
    ['{.missing}', ''],
    ['name: {.metadata.name}', 'name: web-0'],
    ['{.spec.containers[*]["name","image"]}', 'a nginx b redis'],
  ])('%s', (template, expected) => {
    expect(new JsonPath(template).execute(pod)).toBe(expected);
  });

  it('fails on a missing key when missing keys are not allowed', () => {
    expect(() => new JsonPath('{.missing}', false).execute(pod)).toThrow('missing is not found');
  });

  it('prints every value as one JSON array for jsonpath-as-json', () => {
    expect(new JsonPath('{.spec.containers[*].name}').executeJson(pod)).toBe('[\n    "a",\n    "b"\n]\n');
  });
});

describe('go-template', () => {
  it.each([
    ['{{.metadata.name}}', 'web-0'],
    ['{{range .spec.containers}}{{.name}} {{end}}', 'a b '],
    ['{{range $i, $c := .spec.containers}}{{$i}}:{{$c.image}};{{end}}', '0:nginx;1:redis;'],
    ['{{if eq .kind "Pod"}}pod{{else}}other{{end}}', 'pod'],
    ['{{index .metadata.labels "app"}}', 'web'],
    ['{{len .spec.containers}}', '2'],
    ['{{.metadata.name | printf "%s!"}}', 'web-0!'],
    ['{{.nope}}', '<no value>'],
    ['{{.metadata.labels}}', 'map[app:web tier:front]'],
    ['{{- " a " -}}', ' a '],
    ['{{with .status}}{{.count}}{{end}}', '3'],
    ['{{"aGVsbG8=" | base64decode}}', 'hello'],
  ])('%s', (template, expected) => {
    expect(new GoTemplate(template).execute(pod)).toBe(expected);
  });

  it('fails on a missing key when missing keys are not allowed', () => {
    expect(() => new GoTemplate('{{.nope}}', false).execute(pod)).toThrow('map has no entry for key "nope"');
  });
});

describe('tables', () => {
  const table = {
    columnDefinitions: [
      { name: 'Name', type: 'string', format: 'name', priority: 0 },
      { name: 'Data', type: 'integer', format: '', priority: 0 },
      { name: 'Extra', type: 'string', format: '', priority: 1 },
    ],
    rows: [
      { cells: ['x', 1, 'e'], object: { metadata: { name: 'x', namespace: 'default', labels: { app: 'a' } } } },
      { cells: ['longer-name', 22, 'e2'], object: { metadata: { name: 'longer-name', namespace: 'other' } } },
    ],
  };

  it.each([
    ['default columns, padded by three, the last not padded', {}, 'NAME          DATA\nx             1\nlonger-name   22\n'],
    ['-o wide adds priority columns', { wide: true }, 'NAME          DATA   EXTRA\nx             1      e\nlonger-name   22     e2\n'],
    [
      '-A adds NAMESPACE first',
      { withNamespace: true },
      'NAMESPACE   NAME          DATA\ndefault     x             1\nother       longer-name   22\n',
    ],
    [
      'several types prefix the kind',
      { kindPrefix: 'configmap' },
      'NAME                    DATA\nconfigmap/x             1\nconfigmap/longer-name   22\n',
    ],
    ['--show-labels', { showLabels: true }, 'NAME          DATA   LABELS\nx             1      app=a\nlonger-name   22     <none>\n'],
    ['--no-headers', { noHeaders: true }, 'x             1\nlonger-name   22\n'],
  ])('%s', (_name, opts, expected) => {
    expect(printTable(table, opts)).toBe(expected);
  });
});

describe('yaml', () => {
  it('sorts keys, does not indent lists under their key, quotes what would read as another type', () => {
    expect(toYaml({ b: ['x', { z: 1, a: '2' }], a: { t: 'true', d: '2026-11-25T15:31:57Z', e: '' } })).toBe(
      'a:\n  d: "2026-11-25T15:31:57Z"\n  e: ""\n  t: "true"\nb:\n- x\n- a: "2"\n  z: 1\n',
    );
  });
});
