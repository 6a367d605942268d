/**
 * Bad input gets the real client's message and a non-zero exit, and changes nothing on the
 * server: unknown types, malformed patches, missing files, unknown flags.
 */
import { describe, expect, it } from 'vitest';
import { createConfigMap, orchctlPerSuite, stored, TARGETS } from './orchctl.ts';

const ROWS: readonly { name: string; args: string[]; stderr: string | RegExp }[] = [
  {
    name: 'an unknown type',
    args: ['patch', 'widgets', 'x', '-p', '{}'],
    stderr: 'error: the server doesn\'t have a resource type "widgets"\n',
  },
  { name: 'an unknown type to get', args: ['get', 'widgets'], stderr: 'error: the server doesn\'t have a resource type "widgets"\n' },
  {
    name: 'a malformed JSON patch (the server words it)',
    args: ['patch', 'cm', 'bad', '-p', '{"data":'],
    stderr: /^Error from server \(BadRequest\): .+\n$/,
  },
  {
    name: 'a patch of the wrong shape',
    args: ['patch', 'cm', 'bad', '--type=json', '-p', '{"op":"add"}'],
    stderr: /^Error from server \(BadRequest\): .+\n$/,
  },
  {
    name: 'an unknown --type',
    args: ['patch', 'cm', 'bad', '-p', '{}', '--type=bad'],
    stderr: 'error: --type must be one of [json merge strategic], not "bad"\n',
  },
  {
    name: 'no patch',
    args: ['patch', 'cm', 'bad'],
    stderr: 'error: must specify --patch or --patch-file containing the contents of the patch\n',
  },
  {
    name: 'a missing patch file',
    args: ['patch', 'cm', 'bad', '--patch-file', '/nonexistent/patch.json'],
    stderr: 'error: unable to read patch file: open /nonexistent/patch.json: no such file or directory\n',
  },
  {
    name: 'a missing -f file',
    args: ['patch', '-f', '/nonexistent.yaml', '-p', '{}'],
    stderr: 'error: the path "/nonexistent.yaml" does not exist\n',
  },
  {
    name: 'a missing -f file to apply',
    args: ['apply', '-f', '/nonexistent.yaml'],
    stderr: 'error: the path "/nonexistent.yaml" does not exist\n',
  },
  {
    name: 'an unknown flag',
    args: ['patch', 'cm', 'bad', '-p', '{}', '--foo'],
    stderr: "Error: unknown flag: --foo\nSee 'orchctl patch --help' for usage.\n",
  },
  {
    name: 'an unknown flag with a value',
    args: ['get', 'cm', '--foo=bar'],
    stderr: "Error: unknown flag: --foo\nSee 'orchctl get --help' for usage.\n",
  },
  {
    name: 'an unknown shorthand flag',
    args: ['patch', 'cm', 'bad', '-z'],
    stderr: "Error: unknown shorthand flag: 'z' in -z\nSee 'orchctl patch --help' for usage.\n",
  },
  {
    name: 'a flag without its value',
    args: ['patch', 'cm', 'bad', '-p'],
    stderr: "Error: flag needs an argument: 'p' in -p\nSee 'orchctl patch --help' for usage.\n",
  },
  {
    name: 'a long flag without its value',
    args: ['patch', 'cm', 'bad', '--patch'],
    stderr: "Error: flag needs an argument: --patch\nSee 'orchctl patch --help' for usage.\n",
  },
  {
    name: 'an unknown command',
    args: ['frobnicate'],
    stderr: 'Error: unknown command "frobnicate" for "orchctl"\nRun \'orchctl --help\' for usage.\n',
  },
  {
    name: 'a name that does not exist',
    args: ['patch', 'cm', 'nope', '-p', '{}'],
    stderr: 'Error from server (NotFound): configmaps "nope" not found\n',
  },
  {
    name: 'an invalid change (422 with its field)',
    args: ['patch', 'cm', 'bad', '-p', '{"metadata":{"name":"other"}}'],
    stderr: /^The ConfigMap "(bad|other)" is invalid: metadata\.name: .+\n$/,
  },
  {
    name: 'a bad --request-timeout',
    args: ['get', 'cm', '--request-timeout=abc'],
    stderr:
      'error: Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)\n',
  },
  {
    name: 'an unknown context',
    args: ['get', 'cm', '--context=nowhere'],
    stderr: 'error: context was not found for specified context: nowhere\n',
  },
  {
    name: 'a file that is not YAML',
    args: ['create', '-f', '$BADFILE'],
    stderr: /^error: error parsing .*bad\.yaml: error converting YAML to JSON: /,
  },
];

describe.each(TARGETS)('bad input (%s)', (target) => {
  const orchctl = orchctlPerSuite(target);

  it.each(ROWS.map((r) => [r.name, r] as const))('%s: the real message, exit 1, nothing changed', async (_n, row) => {
    await orchctl.fetch('/api/v1/namespaces/default/configmaps/bad', { method: 'DELETE' });
    await createConfigMap(orchctl, 'bad', { a: '1' });
    const before = await stored(orchctl, '/api/v1/namespaces/default/configmaps/bad');
    const args = row.args.map((a) => (a === '$BADFILE' ? orchctl.file('bad.yaml', 'a: [unclosed\n') : a));
    const r = await orchctl(args);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    if (typeof row.stderr === 'string') expect(r.stderr).toBe(row.stderr);
    else expect(r.stderr).toMatch(row.stderr);
    expect(await stored(orchctl, '/api/v1/namespaces/default/configmaps/bad')).toEqual(before);
  });
});
