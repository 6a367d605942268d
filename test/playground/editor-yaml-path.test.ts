/**
 * Where the cursor is in a half-written manifest (playground/src/editor/yaml-path.ts): the path
 * down to the mapping being written, whether a key or a value is typed, and the document's
 * apiVersion and kind. `‸` marks the cursor in each text.
 */
import { describe, expect, it } from 'vitest';
import { pathText, typeMetaAt, yamlCursor } from '../../playground/src/editor/yaml-path.ts';

function at(marked: string) {
  const offset = marked.indexOf('‸');
  return { text: marked.replace('‸', ''), offset };
}

describe('the YAML path under the cursor', () => {
  it.each([
    ['a top-level key', 'apiVersion: v1\nkind: ConfigMap\nme‸', '', 'me'],
    ['a key under metadata', 'kind: ConfigMap\nmetadata:\n  na‸', 'metadata', 'na'],
    ['nothing typed yet, under metadata', 'metadata:\n  name: x\n  ‸', 'metadata', ''],
    ['back at the top after a nested block', 'metadata:\n  name: x\nda‸', '', 'da'],
    ['deep in a nested mapping', 'spec:\n  template:\n    spec:\n      restart‸', 'spec.template.spec', 'restart'],
    ['a list item opened on its line (list at the key’s indentation)', 'spec:\n  containers:\n  - na‸', 'spec.containers[]', 'na'],
    ['a list item opened on its line (list indented)', 'spec:\n  containers:\n    - na‸', 'spec.containers[]', 'na'],
    ['the second key of a list item', 'spec:\n  containers:\n  - name: a\n    im‸', 'spec.containers[]', 'im'],
    ['a second list item', 'containers:\n- name: a\n  image: b\n- im‸', 'containers[]', 'im'],
    ['a list of lists', 'a:\n- - x‸', 'a[][]', 'x'],
    ['after a block scalar', 'data:\n  script: |\n    echo a: b\n    x: y\n  ke‸', 'data', 'ke'],
    ['after a flow mapping value', 'metadata:\n  labels: {a: b}\n  an‸', 'metadata', 'an'],
    ['a quoted key above', 'data:\n  "a b": c\n  d‸', 'data', 'd'],
    ['comments and blank lines between', 'spec:\n  # the pods\n\n  repl‸', 'spec', 'repl'],
    ['in the second document', 'kind: A\nspec:\n  x: 1\n---\nkind: B\nmetadata:\n  na‸', 'metadata', 'na'],
  ])('%s', (_name, marked, path, prefix) => {
    const { text, offset } = at(marked);
    const c = yamlCursor(text, offset);
    expect(c && { writing: c.writing, path: pathText(c.path), prefix: c.prefix, from: c.from }).toEqual({
      writing: 'key',
      path,
      prefix,
      from: offset - prefix.length,
    });
  });

  it.each([
    ['a top-level value', 'kind: Con‸', '', 'kind', 'Con'],
    ['a nested value', 'spec:\n  podManagementPolicy: Par‸', 'spec', 'podManagementPolicy', 'Par'],
    ['a value in a list item', 'spec:\n  containers:\n  - imagePullPolicy: ‸', 'spec.containers[]', 'imagePullPolicy', ''],
  ])('%s', (_name, marked, path, key, prefix) => {
    const { text, offset } = at(marked);
    const c = yamlCursor(text, offset);
    expect(c && { writing: c.writing, path: pathText(c.path), key: c.key, prefix: c.prefix }).toEqual({
      writing: 'value',
      path,
      key,
      prefix,
    });
  });

  it.each([
    ['in a comment', 'metadata:\n  # na‸'],
    ['inside a block scalar', 'data:\n  script: |\n    ech‸'],
    ['in a flow mapping', 'metadata:\n  labels: {a‸'],
    ['after a value with spaces', 'metadata:\n  name: two wo‸'],
  ])('nothing %s', (_name, marked) => {
    const { text, offset } = at(marked);
    expect(yamlCursor(text, offset)).toBeUndefined();
  });

  it('knows the keys written before it in the same mapping', () => {
    const { text, offset } = at('metadata:\n  name: x\n  labels:\n    a: b\n  ‸');
    expect(yamlCursor(text, offset)?.siblings).toEqual(['name', 'labels']);
  });

  it.each([
    ['written before the cursor', 'apiVersion: apps/v1\nkind: StatefulSet\nspec:\n  ‸', { apiVersion: 'apps/v1', kind: 'StatefulSet' }],
    ['written after it, quoted', 'metadata:\n  ‸\napiVersion: "v1"\nkind: ConfigMap # a comment', { apiVersion: 'v1', kind: 'ConfigMap' }],
    ['of the cursor’s document only', 'apiVersion: v1\nkind: ConfigMap\n---\nkind: Secret\n‸', { kind: 'Secret' }],
    ['none written', 'metadata:\n  ‸', {}],
    ['not a nested kind', 'spec:\n  kind: X\n‸', {}],
  ])('apiVersion and kind %s', (_name, marked, meta) => {
    const { text, offset } = at(marked);
    expect(typeMetaAt(text, offset)).toEqual(meta);
  });
});
