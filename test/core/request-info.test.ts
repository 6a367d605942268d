/**
 * A list or watch of a collection whose field selector pins `metadata.name` is about that object,
 * as the real request-info resolver names it (so RBAC `resourceNames`, the audit objectRef, flow
 * control and the request metrics see it): only for a GET of a collection (list or watch, not
 * the `/watch/` prefix, not a deletecollection), with `=` or `==`, other requirements beside it
 * or not; never when the list options do not decode, nor for a name no path could hold.
 */
import { describe, expect, it } from 'vitest';
import { requestInfo, type ResourceRequestInfo } from '../../core/http/request-info.ts';

const CM = '/api/v1/namespaces/default/configmaps';

function info(method: string, url: string): ResourceRequestInfo {
  const u = new URL(`http://orch${url}`);
  const got = requestInfo(method, u.pathname, u.searchParams);
  if (got === 'method-not-allowed' || !got.isResourceRequest) throw new Error(`${url} is no resource request`);
  return got;
}

const sel = (s: string) => `fieldSelector=${encodeURIComponent(s)}`;

describe('the name of a list or watch, from its field selector', () => {
  it.each([
    ['a list', 'GET', `${CM}?${sel('metadata.name=cm1')}`, 'list', 'cm1'],
    ['a watch', 'GET', `${CM}?${sel('metadata.name=cm1')}&watch=true`, 'watch', 'cm1'],
    ['a HEAD', 'HEAD', `${CM}?${sel('metadata.name=cm1')}`, 'list', 'cm1'],
    ['`==`', 'GET', `${CM}?${sel('metadata.name==cm1')}`, 'list', 'cm1'],
    ['beside other requirements', 'GET', `${CM}?${sel('metadata.namespace=default,metadata.name=cm1')}`, 'list', 'cm1'],
    ['beside a label selector', 'GET', `${CM}?${sel('metadata.name=cm1')}&labelSelector=a%3Db`, 'list', 'cm1'],
    ['with integer options', 'GET', `${CM}?${sel('metadata.name=cm1')}&limit=500&timeoutSeconds=%2B30&watch=1`, 'watch', 'cm1'],
    ['cluster-wide', 'GET', `/api/v1/configmaps?${sel('metadata.name=cm1')}`, 'list', 'cm1'],
    ['an escaped value', 'GET', `${CM}?${sel('metadata.name=a\\=b')}`, 'list', 'a=b'],
    ['of another group', 'GET', `/apis/apps/v1/namespaces/default/deployments?${sel('metadata.name=web')}`, 'list', 'web'],
  ])('%s: %s %s is a %s of %j', (_, method, url, verb, name) => {
    const got = info(method, url);
    expect(got).toMatchObject({ verb, name, nameFromSelector: true, resource: url.includes('deployments') ? 'deployments' : 'configmaps' });
  });

  it.each([
    ['no selector', 'GET', CM, 'list'],
    ['a selector on another field', 'GET', `${CM}?${sel('metadata.namespace=default')}`, 'list'],
    ['`!=`', 'GET', `${CM}?${sel('metadata.name!=cm1')}`, 'list'],
    ['an empty name', 'GET', `${CM}?${sel('metadata.name=')}`, 'list'],
    ['a name with a slash', 'GET', `${CM}?${sel('metadata.name=a/b')}`, 'list'],
    ['a name with a percent sign', 'GET', `${CM}?${sel('metadata.name=a%b')}`, 'list'],
    ['the name `..`', 'GET', `${CM}?${sel('metadata.name=..')}`, 'list'],
    ['a field selector that does not parse', 'GET', `${CM}?${sel('metadata.name=cm1,nonsense')}`, 'list'],
    ['a label selector that does not parse', 'GET', `${CM}?${sel('metadata.name=cm1')}&labelSelector=a%20in%20(`, 'list'],
    ['a limit that is no integer', 'GET', `${CM}?${sel('metadata.name=cm1')}&limit=ten`, 'list'],
    ['an empty limit', 'GET', `${CM}?${sel('metadata.name=cm1')}&limit=`, 'list'],
    ['a limit past int64', 'GET', `${CM}?${sel('metadata.name=cm1')}&limit=9223372036854775808`, 'list'],
    // Undecodable options still leave the verb to `watch`, as the real resolver reads it alone then.
    ['a timeout that is no integer', 'GET', `${CM}?${sel('metadata.name=cm1')}&timeoutSeconds=1.5&watch=true`, 'watch'],
    ['the /watch/ prefix', 'GET', `/api/v1/watch/namespaces/default/configmaps?${sel('metadata.name=cm1')}`, 'watch'],
    ['a deletecollection', 'DELETE', `${CM}?${sel('metadata.name=cm1')}`, 'deletecollection'],
    ['a create', 'POST', `${CM}?${sel('metadata.name=cm1')}`, 'create'],
  ])('%s: %s %s is a %s of no name', (_, method, url, verb) => {
    const got = info(method, url);
    expect(got.verb).toBe(verb);
    expect(got.name).toBe('');
    expect(got.nameFromSelector).toBeUndefined();
  });

  it.each([
    ['a get', `${CM}/cm1?${sel('metadata.name=other')}`, 'get'],
    ['a watch of a named object', `${CM}/cm1?${sel('metadata.name=other')}&watch=true`, 'watch'],
    ['a watch under the /watch/ prefix', `/api/v1/watch/namespaces/default/configmaps/cm1?${sel('metadata.name=other')}`, 'watch'],
  ])('the path names the object of %s, whatever the selector', (_, url, verb) => {
    const got = info('GET', url);
    expect(got).toMatchObject({ verb, name: 'cm1' });
    expect(got.nameFromSelector).toBeUndefined();
  });
});
