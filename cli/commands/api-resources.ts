/** `orchctl api-resources`: the resource types discovery lists (preferred versions), as a table. */
import type { Command } from 'commander';
import { action, type CommandEnv } from '../command.ts';
import { usageError } from '../errors.ts';
import { boolFlag } from '../flags.ts';
import { TabWriter } from '../printers/index.ts';

interface Options {
  namespaced?: boolean;
  apiGroup?: string;
  verbs?: string;
  output?: string;
  headers: boolean;
  sortBy?: string;
  cached: boolean;
  categories?: string;
}

export function register(program: Command, env: CommandEnv): void {
  const cmd = program.command('api-resources').description('Print the supported API resources on the server.');
  cmd.option(
    '--namespaced [bool]',
    'If false, non-namespaced resources will be returned, otherwise returning namespaced resources by default.',
  );
  cmd.option('--api-group <group>', 'Limit to resources in the specified API group.');
  cmd.option('--verbs <verbs>', 'Limit to resources that support the specified verbs.');
  cmd.option('--categories <list>', 'Limit to resources that belong to the specified categories.');
  cmd.option('-o, --output <format>', 'Output format. One of: (wide, name).');
  cmd.option('--sort-by <field>', "If non-empty, sort list of resources using specified field. One of 'name' or 'kind'.");
  cmd.option('--no-headers', "When using the default or custom-column output format, don't print headers (default print headers).");
  boolFlag(cmd, '--cached', 'Use the cached list of resources if available.');
  cmd.action(
    action<Options>(async (_args, o) => {
      if (o.output && o.output !== 'wide' && o.output !== 'name') throw usageError(`--output ${o.output} is not available`);
      // Fresh unless --cached, as the real client's api-resources.
      let list = (await env.session().mapper(!o.cached)).resources.filter((r) => r.preferred);
      if (o.namespaced !== undefined) {
        const want = String(o.namespaced) !== 'false';
        list = list.filter((r) => r.namespaced === want);
      }
      if (o.apiGroup !== undefined) list = list.filter((r) => r.group === o.apiGroup);
      if (o.verbs) {
        const verbs = o.verbs.split(',');
        list = list.filter((r) => verbs.every((v) => r.verbs.includes(v)));
      }
      if (o.categories) {
        const cats = o.categories.split(',');
        list = list.filter((r) => cats.every((c) => r.categories.includes(c)));
      }
      list = [...list].sort((a, b) =>
        o.sortBy === 'kind'
          ? a.kind.localeCompare(b.kind)
          : a.group === b.group
            ? a.resource.localeCompare(b.resource)
            : a.group.localeCompare(b.group),
      );
      if (o.output === 'name') {
        env.io.stdout(list.map((r) => `${r.resource}${r.group ? `.${r.group}` : ''}\n`).join(''));
        return;
      }
      const wide = o.output === 'wide';
      const rows: string[][] = [];
      if (o.headers !== false)
        rows.push(['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', ...(wide ? ['VERBS', 'CATEGORIES'] : [])]);
      for (const r of list)
        rows.push([
          r.resource,
          r.shortNames.join(','),
          r.group ? `${r.group}/${r.version}` : r.version,
          String(r.namespaced),
          r.kind,
          ...(wide ? [`[${r.verbs.join(' ')}]`, r.categories.join(',')] : []),
        ]);
      env.io.stdout(new TabWriter().format(rows));
    }),
  );
}
