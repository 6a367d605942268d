/** The security flags of orch-apiserver, the refusal to serve a network without authentication, and --write-kubeconfig. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { isLoopback, parseAuthFlags, secured } from '../../../server/auth-flags.ts';
import { FlagError } from '../../../server/flags.ts';
import { hostSecurity } from '../../../server/security-config.ts';
import { writeKubeconfig } from '../../../server/kubeconfig.ts';

describe('security flags', () => {
  it('takes its flags out and leaves the others', () => {
    const { flags, rest } = parseAuthFlags([
      '--port',
      '8080',
      '--authorization-mode=RBAC',
      '--token-auth-file',
      '/t.csv',
      '--anonymous-auth=false',
      '--max-requests-inflight',
      '10',
      '--feature-gates',
      'A=true',
    ]);
    expect(rest).toEqual(['--port', '8080', '--feature-gates', 'A=true']);
    expect(flags).toMatchObject({
      authorizationMode: 'RBAC',
      tokenAuthFile: '/t.csv',
      anonymousAuth: false,
      maxRequestsInflight: 10,
      maxMutatingRequestsInflight: 200,
    });
  });

  it.each([
    [['--secure-port', 'x'], 'invalid argument "x" for "--secure-port" flag: must be a number'],
    [['--anonymous-auth=maybe'], 'invalid argument "maybe" for "--anonymous-auth" flag: must be true or false'],
    [['--tls-cert-file', 'a.crt'], '--tls-cert-file and --tls-private-key-file must be given together'],
    [['--token-auth-file'], 'flag needs an argument: --token-auth-file'],
  ])('refuses %o', (argv, message) => {
    expect(() => parseAuthFlags(argv)).toThrow(new FlagError(message));
  });

  it.each([
    [[], false],
    [['--authorization-mode=RBAC'], true],
    [['--authorization-mode=RBAC', '--token-auth-file=/t'], true],
    [['--token-auth-file=/t'], false],
  ])('%o is secured: %s', (argv, want) => {
    expect(secured(parseAuthFlags(argv).flags)).toBe(want);
  });

  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['localhost', true],
    ['0.0.0.0', false],
    ['10.0.0.5', false],
  ])('%s is loopback: %s', (host, want) => {
    expect(isLoopback(host)).toBe(want);
  });
});

describe('host security', () => {
  it('makes a serving certificate in the data directory when HTTPS is asked for without one, and keeps it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orch-pki-'));
    const first = await hostSecurity(parseAuthFlags(['--secure-port', '6443']).flags, { dataDir, persistKeys: true });
    expect(first.tls?.certPem).toContain('BEGIN CERTIFICATE');
    expect(readFileSync(join(dataDir, 'pki', 'apiserver.crt'), 'utf8')).toBe(first.tls?.certPem);
    const again = await hostSecurity(parseAuthFlags(['--secure-port', '6443']).flags, { dataDir, persistKeys: true });
    expect(again.tls?.certPem).toBe(first.tls?.certPem);
    expect(first.development).toBe(true);
  });

  it('adds an admin token (system:masters) when authentication is on, and reads the token file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'orch-auth-'));
    writeFileSync(join(dir, 'tokens.csv'), 'abc,alice,1\n');
    const sec = await hostSecurity(parseAuthFlags(['--authorization-mode=RBAC', `--token-auth-file=${join(dir, 'tokens.csv')}`]).flags, {
      dataDir: dir,
      persistKeys: true,
    });
    const tokens = sec.security.authentication?.tokens as Map<string, { name: string; groups: string[] }>;
    expect(tokens.get('abc')?.name).toBe('alice');
    expect(tokens.get(sec.adminToken!)).toEqual({ name: 'orch-admin', groups: ['system:masters'] });
    expect(sec.development).toBe(false);
  });

  it('writes a kubeconfig with the server, its CA and the admin token', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'orch-kc-')), 'config');
    writeKubeconfig(path, { server: 'https://127.0.0.1:6443', caPem: 'PEM', token: 't' });
    const kc = load(readFileSync(path, 'utf8')) as {
      clusters: { cluster: Record<string, string> }[];
      users: { user: Record<string, string> }[];
      'current-context': string;
    };
    expect(kc.clusters[0].cluster).toEqual({
      server: 'https://127.0.0.1:6443',
      'certificate-authority-data': Buffer.from('PEM').toString('base64'),
    });
    expect(kc.users[0].user).toEqual({ token: 't' });
    expect(kc['current-context']).toBe('orch');
  });
});

describe('orch-apiserver on a network address', () => {
  it('refuses to serve without authentication and authorization, saying how to', async () => {
    const { main } = await import('../../../server/main.ts');
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      expect(await main(['--bind-address', '0.0.0.0', '--storage', 'memory', '--controllers', 'none'])).toBe(1);
    } finally {
      process.stderr.write = write;
    }
    expect(written.join('')).toContain('refusing to serve 0.0.0.0 without authentication and authorization');
  });
});
