/** The storage flags, spelled as the real API server spells them, and what each combination means. */
import { describe, expect, it } from 'vitest';
import { parseFlags } from '../../../server/index.ts';

describe('storage flags', () => {
  it.each([
    { argv: [], storage: { kind: 'data-dir', dataDir: '.orch/data' } },
    { argv: ['--storage=memory'], storage: { kind: 'memory' } },
    { argv: ['--data-dir', '/var/lib/orch'], storage: { kind: 'data-dir', dataDir: '/var/lib/orch' } },
    {
      argv: ['--etcd-servers=http://127.0.0.1:2379,http://127.0.0.1:22379'],
      storage: { kind: 'etcd', etcdServers: ['http://127.0.0.1:2379', 'http://127.0.0.1:22379'], etcdPrefix: '/registry' },
    },
    { argv: ['--storage=etcd', '--etcd-servers', 'http://e:2379', '--etcd-prefix=/orch'], storage: { kind: 'etcd', etcdPrefix: '/orch' } },
    { argv: ['--etcd-compaction-interval=1m'], storage: { compactionIntervalMs: 60_000 } },
    { argv: ['--encryption-provider-config=/etc/orch/enc.yaml'], storage: { encryptionProviderConfig: '/etc/orch/enc.yaml' } },
    {
      argv: ['--etcd-servers=https://e:2379', '--etcd-cafile=/pki/ca.crt', '--etcd-certfile=/pki/c.crt', '--etcd-keyfile=/pki/c.key'],
      storage: { kind: 'etcd', etcdTls: { caFile: '/pki/ca.crt', certFile: '/pki/c.crt', keyFile: '/pki/c.key' } },
    },
    { argv: ['--etcd-servers=https://e:2379', '--etcd-cafile=/pki/ca.crt'], storage: { etcdTls: { caFile: '/pki/ca.crt' } } },
  ])('$argv', ({ argv, storage }) => {
    expect(parseFlags(argv).storage).toMatchObject(storage);
  });

  it.each([
    { argv: ['--storage=disk'], message: 'invalid argument "disk" for "--storage" flag: must be one of data-dir, etcd, memory' },
    { argv: ['--storage=etcd'], message: '--etcd-servers must be specified with --storage=etcd' },
    { argv: ['--etcd-servers=127.0.0.1:2379'], message: '"127.0.0.1:2379" is not an http(s) URL' },
    {
      argv: ['--etcd-servers=https://e:2379', '--etcd-certfile=/pki/c.crt'],
      message: '--etcd-certfile and --etcd-keyfile must be given together',
    },
    {
      argv: ['--etcd-servers=https://e:2379', '--etcd-keyfile=/pki/c.key'],
      message: '--etcd-certfile and --etcd-keyfile must be given together',
    },
    { argv: ['--etcd-servers=https://a:2379,http://b:2379'], message: 'every URL must be http, or every URL https' },
    { argv: ['--data-dir='], message: 'must not be empty' },
    { argv: ['--etcd-compaction-interval=often'], message: 'invalid argument "often" for "--etcd-compaction-interval" flag' },
  ])('refuses $argv', ({ argv, message }) => {
    expect(() => parseFlags(argv)).toThrow(message);
  });
});
