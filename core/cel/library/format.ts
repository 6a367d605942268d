/** The Kubernetes format library: format.named(name) and format.<name>(), each with validate(string). */
import type { Environment } from '@marcbachmann/cel-js';
import { Optional } from '@marcbachmann/cel-js';
import { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from '../../meta/names.ts';
import { registerNamespace } from './namespace.ts';
import { parseURL } from './url.ts';

export class NamedFormat {
  constructor(
    readonly name: string,
    readonly check: (s: string) => string[],
  ) {}
}

/** A generateName-style prefix may end in '-'. */
const prefixed = (f: (s: string) => string[]) => (s: string) => f(s.length > 1 && s.endsWith('-') ? `${s.slice(0, -1)}a` : s);

const FORMATS: Record<string, (s: string) => string[]> = {
  dns1123Label: isDNS1123Label,
  dns1123Subdomain: isDNS1123Subdomain,
  dns1035Label: isDNS1035Label,
  qualifiedName: isQualifiedName,
  dns1123LabelPrefix: prefixed(isDNS1123Label),
  dns1123SubdomainPrefix: prefixed(isDNS1123Subdomain),
  dns1035LabelPrefix: prefixed(isDNS1035Label),
  labelValue: isValidLabelValue,
  uri: (s) => (parseURL(s) ? [] : ['invalid URI']),
  uuid: (s) =>
    /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(s) ? [] : ['does not match the UUID format'],
  byte: (s) => (/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s) ? [] : ['invalid base64']),
  date: (s) => (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)) ? [] : ['invalid date']),
  datetime: (s) =>
    /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s))
      ? []
      : ['invalid datetime'],
};

const T = 'kubernetes.NamedFormat';
const NS = 'kubernetes.FormatNamespace';

export function registerFormat(env: Environment): void {
  env.registerType(T, NamedFormat);
  registerNamespace(env, 'format', NS);
  const formats = new Map(Object.entries(FORMATS).map(([n, f]) => [n, new NamedFormat(n, f)]));
  env.registerFunction(`${NS}.named(string): optional<${T}>`, (_: unknown, name: string) => {
    const f = formats.get(name);
    return f ? Optional.of(f) : Optional.none();
  });
  for (const [name, f] of formats) env.registerFunction(`${NS}.${name}(): ${T}`, () => f);
  env.registerFunction(`${T}.validate(string): optional<list<string>>`, (f: NamedFormat, s: string) => {
    const errs = f.check(s);
    return errs.length ? Optional.of(errs) : Optional.none();
  });
}
