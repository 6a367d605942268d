/**
 * kubectl's secret generators write the real platform's spelling of the well-known types
 * (`kubernetes.io/tls`, `kubernetes.io/dockerconfigjson`): the server checks them by the same
 * rules as orch's spelling, keeps the type as written, and refuses a Secret of such a type that
 * lacks its keys with the real field errors.
 */
import { describe, expect, it } from 'vitest';
import { selfSigned } from '../../server/x509.ts';
import { kubectlPerSuite } from '../support/kubectl.ts';

describe('kubectl 1.32 create secret, in the real platform’s spelling of the types', () => {
  const cluster = kubectlPerSuite({ host: '127.0.0.1' });
  const k = cluster.kubectl;

  it('creates a TLS Secret from a certificate and key', async () => {
    const pair = selfSigned({ commonName: 'web.example.com' }, ['web.example.com'], []);
    const cert = k.file('tls.crt', pair.certPem);
    const key = k.file('tls.key', pair.keyPem);
    const r = await k.result(['create', 'secret', 'tls', 'web-tls', `--cert=${cert}`, `--key=${key}`]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('secret/web-tls created\n');
    const stored = JSON.parse(await k('get', 'secret', 'web-tls', '-o', 'json'));
    expect(stored.type).toBe('kubernetes.io/tls');
    expect(Buffer.from(stored.data['tls.crt'], 'base64').toString()).toBe(pair.certPem);
    expect(Object.keys(stored.data).sort()).toEqual(['tls.crt', 'tls.key']);
  });

  it('creates a registry Secret whose .dockerconfigjson is JSON', async () => {
    const r = await k.result([
      'create',
      'secret',
      'docker-registry',
      'pull',
      '--docker-server=registry.example.com',
      '--docker-username=u',
      '--docker-password=p',
    ]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('secret/pull created\n');
    const stored = JSON.parse(await k('get', 'secret', 'pull', '-o', 'json'));
    expect(stored.type).toBe('kubernetes.io/dockerconfigjson');
    const config = JSON.parse(Buffer.from(stored.data['.dockerconfigjson'], 'base64').toString());
    expect(config.auths['registry.example.com']).toMatchObject({ username: 'u', password: 'p' });
    expect((await k('get', 'secrets', '--field-selector', 'type=kubernetes.io/dockerconfigjson', '-o', 'name')).trim()).toBe('secret/pull');
  });

  it.each([
    ['kubernetes.io/tls', 'data[tls.crt]: Required value, data[tls.key]: Required value'],
    ['kubernetes.io/dockerconfigjson', 'data[.dockerconfigjson]: Required value'],
    ['kubernetes.io/service-account-token', 'metadata.annotations[kubernetes.io/service-account.name]: Required value'],
  ])('refuses a generic Secret of type %s without what the type needs', async (type, errors) => {
    const name = `bad-${type.slice(type.indexOf('/') + 1)}`;
    const r = await k.result(['create', 'secret', 'generic', name, `--type=${type}`, '--from-literal=a=b']);
    expect(r.code).toBe(1);
    const listed = errors.includes(', ') ? `[${errors}]` : errors;
    expect(r.stderr).toBe(`error: failed to create secret Secret "${name}" is invalid: ${listed}\n`);
    expect((await k.result(['get', 'secret', name])).code).toBe(1);
  });
});
