/**
 * The `auth can-i --list` table from a SelfSubjectRulesReview status, shaped as kubectl 1.32
 * shapes it: rules broken down and gathered again per group/resource/name, each verb once in the
 * order first met, non-resource rules one row per URL and verb, rows sorted by the Go text of the
 * rule (so by verbs first).
 */
import { describe, expect, it } from 'vitest';
import { accessRows, accessTable, type RulesReviewStatus } from '../../cli/access-rules.ts';

describe('auth can-i --list rows', () => {
  it.each<[string, RulesReviewStatus, string[][]]>([
    ['nothing granted', {}, []],
    [
      'a rule naming two resources becomes two rows',
      { resourceRules: [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods', 'configmaps'] }] },
      [
        ['configmaps', '[]', '[]', '[get list]'],
        ['pods', '[]', '[]', '[get list]'],
      ],
    ],
    [
      'the group is joined to the resource, before a subresource',
      { resourceRules: [{ verbs: ['get'], apiGroups: ['apps'], resources: ['statefulsets/scale'] }] },
      [['statefulsets.apps/scale', '[]', '[]', '[get]']],
    ],
    [
      'overlapping grants list each verb once, in the order first met',
      {
        resourceRules: [
          { verbs: ['get', 'create'], apiGroups: [''], resources: ['configmaps'] },
          { verbs: ['delete', 'get'], apiGroups: [''], resources: ['configmaps'] },
        ],
      },
      [['configmaps', '[]', '[]', '[get create delete]']],
    ],
    [
      'rows sort by verbs first, then groups and resources',
      {
        resourceRules: [
          { verbs: ['get'], apiGroups: ['b'], resources: ['x'] },
          { verbs: ['create'], apiGroups: ['z'], resources: ['y'] },
          { verbs: ['get'], apiGroups: ['a'], resources: ['x'] },
        ],
      },
      [
        ['y.z', '[]', '[]', '[create]'],
        ['x.a', '[]', '[]', '[get]'],
        ['x.b', '[]', '[]', '[get]'],
      ],
    ],
    [
      'named objects get a row per name',
      { resourceRules: [{ verbs: ['get'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['one', 'two'] }] },
      [
        ['configmaps', '[]', '[one]', '[get]'],
        ['configmaps', '[]', '[two]', '[get]'],
      ],
    ],
    [
      'non-resource rules give one row per URL and verb, never merged',
      {
        nonResourceRules: [
          { verbs: ['get', 'head'], nonResourceURLs: ['/healthz'] },
          { verbs: ['get'], nonResourceURLs: ['/healthz'] },
        ],
      },
      [
        ['', '[/healthz]', '[]', '[get]'],
        ['', '[/healthz]', '[]', '[get]'],
        ['', '[/healthz]', '[]', '[head]'],
      ],
    ],
  ])('%s', (_name, status, rows) => {
    expect(accessRows(status)).toEqual(rows);
  });

  it('prints the header and aligned columns, the last one unpadded', () => {
    const status: RulesReviewStatus = {
      resourceRules: [{ verbs: ['create'], apiGroups: ['authorization.orch.io'], resources: ['selfsubjectrulesreviews'] }],
      nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/api'] }],
    };
    expect(accessTable(status)).toBe(
      [
        'Resources                                       Non-Resource URLs   Resource Names   Verbs',
        'selfsubjectrulesreviews.authorization.orch.io   []                  []               [create]',
        '                                                [/api]              []               [get]',
        '',
      ].join('\n'),
    );
    expect(accessTable(status, true).split('\n')[0]).toMatch(/^selfsubjectrulesreviews/);
  });
});
