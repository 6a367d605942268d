/**
 * DefaultIngressClass (core/admission/default-ingress-class.ts), through the API: an Ingress
 * created without a class gets the class marked default; several defaults → the newest, then the
 * first by name; a class named in the spec or the legacy annotation (either spelling, any value)
 * means no change; updates are never defaulted.
 */
import { describe, expect, it } from 'vitest';
import { clockedServer, type ClockedServer } from '../../support/clocked-server.ts';

const CLASSES = '/apis/networking.orch.io/v1/ingressclasses';
const ING = '/apis/networking.orch.io/v1/namespaces/default/ingresses';
const ORCH_DEFAULT = 'ingressclass.orchestrator.io/is-default-class';
const REAL_DEFAULT = 'ingressclass.kubernetes.io/is-default-class';

function ingressClass(name: string, annotations: Record<string, string> = {}) {
  return {
    apiVersion: 'networking.orch.io/v1',
    kind: 'IngressClass',
    metadata: { name, annotations },
    spec: { controller: 'example.com/ic' },
  };
}

function ingress(name: string, opts: { className?: string; annotations?: Record<string, string> } = {}) {
  return {
    apiVersion: 'networking.orch.io/v1',
    kind: 'Ingress',
    metadata: { name, ...(opts.annotations ? { annotations: opts.annotations } : {}) },
    spec: {
      ...(opts.className !== undefined ? { ingressClassName: opts.className } : {}),
      defaultBackend: { service: { name: 'web', port: { number: 80 } } },
    },
  };
}

/** Creates the classes, `seconds` apart on the server's clock. */
async function classes(s: ClockedServer, list: { name: string; annotations?: Record<string, string>; after?: number }[]): Promise<void> {
  for (const c of list) {
    if (c.after) await s.clock.advance(c.after * 1000);
    const r = await s.req('POST', CLASSES, ingressClass(c.name, c.annotations));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
}

describe('DefaultIngressClass', () => {
  const rows: {
    rule: string;
    classes: { name: string; annotations?: Record<string, string>; after?: number }[];
    ingress: ReturnType<typeof ingress>;
    expected: string | undefined;
  }[] = [
    { rule: 'no class marked default: nothing set', classes: [{ name: 'plain' }], ingress: ingress('i'), expected: undefined },
    {
      rule: 'the class marked default (orch spelling) is set',
      classes: [{ name: 'plain' }, { name: 'dflt', annotations: { [ORCH_DEFAULT]: 'true' } }],
      ingress: ingress('i'),
      expected: 'dflt',
    },
    {
      rule: 'the real platform’s spelling of the annotation marks a default too',
      classes: [{ name: 'dflt', annotations: { [REAL_DEFAULT]: 'true' } }],
      ingress: ingress('i'),
      expected: 'dflt',
    },
    {
      rule: 'only "true" marks a default',
      classes: [
        { name: 'a', annotations: { [ORCH_DEFAULT]: 'True' } },
        { name: 'b', annotations: { [ORCH_DEFAULT]: 'false' } },
        { name: 'c', annotations: { [REAL_DEFAULT]: '' } },
      ],
      ingress: ingress('i'),
      expected: undefined,
    },
    {
      rule: 'a class in the spec is kept',
      classes: [{ name: 'dflt', annotations: { [ORCH_DEFAULT]: 'true' } }],
      ingress: ingress('i', { className: 'mine' }),
      expected: 'mine',
    },
    ...['orchestrator.io/ingress.class', 'kubernetes.io/ingress.class'].map((key) => ({
      rule: `the legacy annotation ${key}, even empty, means no default`,
      classes: [{ name: 'dflt', annotations: { [ORCH_DEFAULT]: 'true' } }],
      ingress: ingress('i', { annotations: { [key]: '' } }),
      expected: undefined,
    })),
    {
      rule: 'several defaults: the newest',
      classes: [
        { name: 'a-old', annotations: { [ORCH_DEFAULT]: 'true' } },
        { name: 'z-new', annotations: { [REAL_DEFAULT]: 'true' }, after: 5 },
        { name: 'm-plain', after: 5 },
      ],
      ingress: ingress('i'),
      expected: 'z-new',
    },
    {
      rule: 'several defaults created in the same second: the first by name',
      classes: [
        { name: 'older', annotations: { [ORCH_DEFAULT]: 'true' } },
        { name: 'zeta', annotations: { [ORCH_DEFAULT]: 'true' }, after: 2 },
        { name: 'beta', annotations: { [ORCH_DEFAULT]: 'true' } },
      ],
      ingress: ingress('i'),
      expected: 'beta',
    },
  ];

  it.each(rows)('$rule', async (row) => {
    const s = await clockedServer();
    try {
      await classes(s, row.classes);
      const r = await s.req('POST', ING, row.ingress);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.spec.ingressClassName).toBe(row.expected);
      expect((await s.req('GET', `${ING}/i`)).body.spec.ingressClassName).toBe(row.expected);
    } finally {
      await s.api.close();
    }
  });

  it('a dry-run create is defaulted too (and stores nothing)', async () => {
    const s = await clockedServer();
    try {
      await classes(s, [{ name: 'dflt', annotations: { [ORCH_DEFAULT]: 'true' } }]);
      const r = await s.req('POST', `${ING}?dryRun=All`, ingress('dry'));
      expect(r.status).toBe(201);
      expect(r.body.spec.ingressClassName).toBe('dflt');
      expect((await s.req('GET', `${ING}/dry`)).status).toBe(404);
    } finally {
      await s.api.close();
    }
  });

  it('an update that removes the class is not defaulted', async () => {
    const s = await clockedServer();
    try {
      await classes(s, [{ name: 'dflt', annotations: { [ORCH_DEFAULT]: 'true' } }]);
      expect((await s.req('POST', ING, ingress('u', { className: 'mine' }))).status).toBe(201);
      const r = await s.req('PATCH', `${ING}/u`, { spec: { ingressClassName: null } }, { 'content-type': 'application/merge-patch+json' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.spec.ingressClassName).toBeUndefined();
    } finally {
      await s.api.close();
    }
  });

  it('an Ingress created before a default existed keeps no class; one created after gets it', async () => {
    const s = await clockedServer();
    try {
      expect((await s.req('POST', ING, ingress('before'))).body.spec.ingressClassName).toBeUndefined();
      await classes(s, [{ name: 'dflt', annotations: { [REAL_DEFAULT]: 'true' } }]);
      expect((await s.req('POST', ING, ingress('after'))).body.spec.ingressClassName).toBe('dflt');
      expect((await s.req('GET', `${ING}/before`)).body.spec.ingressClassName).toBeUndefined();
    } finally {
      await s.api.close();
    }
  });

  it.each(['orchestrator.io/ingress.class', 'kubernetes.io/ingress.class'])(
    'the legacy annotation %s must agree with a class in the spec (on create)',
    async (key) => {
      const s = await clockedServer();
      try {
        const r = await s.req('POST', ING, ingress('i', { className: 'mine', annotations: { [key]: 'theirs' } }));
        expect(r.status).toBe(422);
        expect(r.body.details.causes).toEqual([
          {
            reason: 'FieldValueInvalid',
            field: `annotations.${key}`,
            message: 'Invalid value: "theirs": must match `ingressClassName` when both are specified',
          },
        ]);
      } finally {
        await s.api.close();
      }
    },
  );
});
