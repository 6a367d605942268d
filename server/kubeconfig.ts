/** `--write-kubeconfig`: a kubeconfig for the server's admin user, with the serving CA when it serves HTTPS. */
import { writeFileSync } from 'node:fs';
import { dump } from 'js-yaml';

export function writeKubeconfig(path: string, opts: { server: string; caPem?: string; token?: string; user?: string }): void {
  const user = opts.user ?? 'orch-admin';
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name: 'orch',
        cluster: {
          server: opts.server,
          ...(opts.caPem ? { 'certificate-authority-data': Buffer.from(opts.caPem).toString('base64') } : {}),
        },
      },
    ],
    users: [{ name: user, user: opts.token ? { token: opts.token } : {} }],
    contexts: [{ name: 'orch', context: { cluster: 'orch', user } }],
    'current-context': 'orch',
  };
  writeFileSync(path, dump(config), { mode: 0o600 });
}
