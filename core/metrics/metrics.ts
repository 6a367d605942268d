/**
 * The `/metrics` endpoint in Prometheus text format, starting with the two series the API's specification names:
 * `apiserver_request_total` and `apiserver_requested_deprecated_apis`.
 */
import { compareStrings } from '../util/compare.ts';

type Labels = Readonly<Record<string, string>>;

const keys = new Map<string, string>();

/** The label text of a series; the same label values recur, so each is rendered once. */
function key(labels: Labels): string {
  let raw = '';
  for (const k in labels) raw += `${k}\u0000${labels[k]}\u0001`;
  let text = keys.get(raw);
  if (text === undefined) {
    text = render(labels);
    if (keys.size < 10_000) keys.set(raw, text);
  }
  return text;
}

function render(labels: Labels): string {
  return Object.keys(labels)
    .sort()
    .map((k) => `${k}="${labels[k].replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
    .join(',');
}

class Series {
  readonly values = new Map<string, number>();
  constructor(
    readonly name: string,
    readonly type: 'counter' | 'gauge',
    readonly help: string,
  ) {}
  /** Label text by a caller-made identity of the label values (see `count`). */
  private readonly byIdentity = new Map<string, string>();

  add(labels: Labels, by = 1): void {
    const k = key(labels);
    this.values.set(k, (this.values.get(k) ?? 0) + by);
  }

  /**
   * Adds 1 to the series whose label values `identity` stands for; `labels` is called only the
   * first time. Every request counts once, so this skips building and reading a label object.
   */
  count(identity: string, labels: () => Labels): void {
    let k = this.byIdentity.get(identity);
    if (k === undefined) {
      k = key(labels());
      if (this.byIdentity.size < 10_000) this.byIdentity.set(identity, k);
    }
    this.values.set(k, (this.values.get(k) ?? 0) + 1);
  }
  set(labels: Labels, value: number): void {
    this.values.set(key(labels), value);
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} ${this.type}`];
    for (const [k, v] of [...this.values.entries()].sort(([a], [b]) => compareStrings(a, b))) lines.push(`${this.name}{${k}} ${v}`);
    return lines.join('\n');
  }
}

export class Metrics {
  readonly requests = new Series(
    'apiserver_request_total',
    'counter',
    '[STABLE] Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
  );
  readonly deprecated = new Series(
    'apiserver_requested_deprecated_apis',
    'gauge',
    '[STABLE] Gauge of deprecated APIs that have been requested, broken out by API group, version, resource, subresource, and removed_release.',
  );

  readonly watchers = new Series(
    'apiserver_registered_watchers',
    'gauge',
    '[ALPHA] Number of currently registered watchers for a given resources',
  );

  render(): string {
    return `${[this.requests, this.deprecated, this.watchers].map((s) => s.render()).join('\n')}\n`;
  }
}

/** The verb label as the real platform cleans it (LIST, WATCH, APPLY, ...). */
export function metricVerb(verb: string, method: string, isApply: boolean): string {
  switch (verb) {
    case 'list':
      return 'LIST';
    case 'watch':
      return 'WATCH';
    case 'get':
      return 'GET';
    case 'create':
      return 'POST';
    case 'update':
      return 'PUT';
    case 'patch':
      return isApply ? 'APPLY' : 'PATCH';
    case 'delete':
      return 'DELETE';
    case 'deletecollection':
      return 'DELETE';
    default:
      return method;
  }
}
