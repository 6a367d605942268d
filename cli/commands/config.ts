/**
 * `orchctl config view | current-context | get-contexts | use-context | set-context | set-cluster |
 * set-credentials`: kubeconfig files of the real format, written where the real client writes.
 */
import type { Command } from 'commander';
import { action, type CommandEnv } from '../command.ts';
import { configText, type KubeConfig, loadConfig, readOne, writablePath } from '../config/kubeconfig.ts';
import { CliError, usageError } from '../errors.ts';
import { boolFlag } from '../flags.ts';
import { goJson, TabWriter } from '../printers/index.ts';

export function register(program: Command, env: CommandEnv): void {
  const config = program
    .command('config')
    .description('Modify kubeconfig files using subcommands like "orchctl config set current-context my-context".');
  const kubeconfig = () => (program.opts() as { kubeconfig?: string }).kubeconfig;

  const view = config.command('view').description('Display merged kubeconfig settings or a specified kubeconfig file.');
  boolFlag(view, '--minify', 'Remove all information not used by current-context from the output.');
  boolFlag(view, '--raw', 'Display raw byte data and sensitive data.');
  boolFlag(view, '--flatten', 'Flatten the resulting kubeconfig file into self-contained output.');
  view.option('-o, --output <format>', 'Output format. One of: (json, yaml).', 'yaml');
  view.action(
    action<{ minify: boolean; raw: boolean; output: string }>(async (_a, o) => {
      const { config: c } = await load(env, kubeconfig());
      let out: KubeConfig = c;
      if (o.minify) {
        const ctxName = (program.opts() as { context?: string }).context ?? c['current-context'];
        const ctx = c.contexts.find((x) => x.name === ctxName);
        if (!ctx) throw usageError(`current-context must exist in order to minify`);
        out = {
          ...c,
          'current-context': ctx.name,
          contexts: [ctx],
          clusters: c.clusters.filter((x) => x.name === ctx.context.cluster),
          users: c.users.filter((x) => x.name === ctx.context.user),
        };
      }
      if (!o.raw) out = redact(out);
      env.io.stdout(o.output === 'json' ? `${goJson(out, 4)}\n` : configText(out));
    }),
  );

  config
    .command('current-context')
    .description('Display the current-context.')
    .action(
      action(async () => {
        const { config: c } = await load(env, kubeconfig());
        if (!c['current-context']) throw usageError('current-context is not set');
        env.io.stdout(`${c['current-context']}\n`);
      }),
    );

  const getContexts = config
    .command('get-contexts')
    .description('Display one or many contexts from the kubeconfig file.')
    .argument('[name]');
  getContexts.option('-o, --output <format>', 'Output format. One of: (name).');
  getContexts.option('--no-headers', "When using the default or custom-column output format, don't print headers.");
  getContexts.action(
    action<{ output?: string; headers: boolean }>(async (args, o) => {
      const { config: c } = await load(env, kubeconfig());
      const list = args[0] ? c.contexts.filter((x) => x.name === args[0]) : c.contexts;
      if (args[0] && list.length === 0) throw usageError(`context ${args[0]} not found`);
      if (o.output === 'name') {
        env.io.stdout(list.map((x) => `${x.name}\n`).join(''));
        return;
      }
      const rows = o.headers === false ? [] : [['CURRENT', 'NAME', 'CLUSTER', 'AUTHINFO', 'NAMESPACE']];
      for (const x of list)
        rows.push([
          x.name === c['current-context'] ? '*' : '',
          x.name,
          x.context.cluster ?? '',
          x.context.user ?? '',
          x.context.namespace ?? '',
        ]);
      env.io.stdout(new TabWriter().format(rows));
    }),
  );

  config
    .command('use-context')
    .description('Set the current-context in a kubeconfig file.')
    .argument('<context>')
    .action(
      action(async (args) => {
        const name = args[0]!;
        const { config: merged } = await load(env, kubeconfig());
        if (!merged.contexts.some((x) => x.name === name)) throw usageError(`no context exists with the name: "${name}"`);
        await edit(env, kubeconfig(), (c) => {
          c['current-context'] = name;
        });
        env.io.stdout(`Switched to context "${name}".\n`);
      }),
    );

  const setContext = config.command('set-context').description('Set a context entry in kubeconfig.').argument('[name]');
  boolFlag(setContext, '--current', 'Modify the current context.');
  setContext.option('--cluster <name>', 'cluster for the context entry in kubeconfig');
  setContext.option('--user <name>', 'user for the context entry in kubeconfig');
  setContext.option('--namespace <namespace>', 'namespace for the context entry in kubeconfig');
  setContext.action(
    action<{ current: boolean; cluster?: string; user?: string; namespace?: string }>(async (args, _o, cmd) => {
      // The inherited --cluster, --user and -n name these fields here, as in the real client.
      const o = cmd.optsWithGlobals() as { current: boolean; cluster?: string; user?: string; namespace?: string };
      let name = args[0];
      let existed = false;
      await edit(env, kubeconfig(), (c) => {
        if (o.current) name = c['current-context'];
        if (!name) throw usageError(o.current ? 'no current context is set' : 'you must specify a non-empty context name or --current');
        let entry = c.contexts.find((x) => x.name === name);
        existed = Boolean(entry);
        if (!entry) c.contexts.push((entry = { name: name!, context: {} }));
        if (o.cluster !== undefined) entry.context.cluster = o.cluster;
        if (o.user !== undefined) entry.context.user = o.user;
        if (o.namespace !== undefined) entry.context.namespace = o.namespace;
      });
      env.io.stdout(`Context "${name}" ${existed ? 'modified' : 'created'}.\n`);
    }),
  );

  const setCluster = config.command('set-cluster').description('Set a cluster entry in kubeconfig.').argument('<name>');
  setCluster.option('--embed-certs [bool]', 'embed-certs for the cluster entry in kubeconfig');
  setCluster.action(
    action(async (args, _o, cmd) => {
      const o = cmd.optsWithGlobals() as {
        server?: string;
        certificateAuthority?: string;
        insecureSkipTlsVerify?: boolean;
        tlsServerName?: string;
        embedCerts?: string | boolean;
      };
      const name = args[0]!;
      let ca: string | undefined;
      if (o.certificateAuthority && o.embedCerts !== undefined && o.embedCerts !== 'false')
        ca = btoa(await env.io.readFile(o.certificateAuthority));
      await edit(env, kubeconfig(), (c) => {
        let entry = c.clusters.find((x) => x.name === name);
        if (!entry) c.clusters.push((entry = { name, cluster: {} }));
        if (o.server !== undefined) entry.cluster.server = o.server;
        if (ca) entry.cluster['certificate-authority-data'] = ca;
        else if (o.certificateAuthority) entry.cluster['certificate-authority'] = o.certificateAuthority;
        if (o.insecureSkipTlsVerify) entry.cluster['insecure-skip-tls-verify'] = true;
        if (o.tlsServerName !== undefined) entry.cluster['tls-server-name'] = o.tlsServerName;
      });
      env.io.stdout(`Cluster "${name}" set.\n`);
    }),
  );

  const setCredentials = config.command('set-credentials').description('Set a user entry in kubeconfig.').argument('<name>');
  setCredentials.action(
    action(async (args, _o, cmd) => {
      const o = cmd.optsWithGlobals() as {
        token?: string;
        username?: string;
        password?: string;
        clientCertificate?: string;
        clientKey?: string;
      };
      const name = args[0]!;
      await edit(env, kubeconfig(), (c) => {
        let entry = c.users.find((x) => x.name === name);
        if (!entry) c.users.push((entry = { name, user: {} }));
        if (o.token !== undefined) entry.user.token = o.token;
        if (o.username !== undefined) entry.user.username = o.username;
        if (o.password !== undefined) entry.user.password = o.password;
        if (o.clientCertificate !== undefined) entry.user['client-certificate'] = o.clientCertificate;
        if (o.clientKey !== undefined) entry.user['client-key'] = o.clientKey;
      });
      env.io.stdout(`User "${name}" set.\n`);
    }),
  );
}

async function load(env: CommandEnv, explicit: string | undefined) {
  try {
    return await loadConfig(env.io, explicit);
  } catch (err) {
    throw new CliError(`error: ${(err as Error).message}`);
  }
}

/** Reads the file config commands write to, changes it, writes it back. */
async function edit(env: CommandEnv, explicit: string | undefined, change: (c: KubeConfig) => void): Promise<void> {
  const path = await writablePath(env.io, explicit);
  const c = await readOne(env.io, path);
  change(c);
  await env.io.writeFile(path, configText(c));
}

/** Secrets and certificate data hidden, as `config view` does without --raw. */
function redact(c: KubeConfig): KubeConfig {
  return {
    ...c,
    clusters: c.clusters.map((x) => ({
      ...x,
      cluster: { ...x.cluster, ...(x.cluster['certificate-authority-data'] ? { 'certificate-authority-data': 'DATA+OMITTED' } : {}) },
    })),
    users: c.users.map((x) => {
      const user = { ...x.user };
      if (user.token) user.token = 'REDACTED';
      if (user.password) user.password = 'REDACTED';
      if (user['client-certificate-data']) user['client-certificate-data'] = 'DATA+OMITTED';
      if (user['client-key-data']) user['client-key-data'] = 'DATA+OMITTED';
      return { ...x, user };
    }),
  };
}
