/**
 * The server's admission chain: its plugins in order, grouped per kind once, when a kind's
 * registry is made. Each write runs every mutating plugin of its kind (in the chain's order)
 * before the kind's validation, and every validating one after it, as the real server runs its
 * mutating phase and then its validating phase.
 */
import type { GroupKind, GroupResource } from '../errors/status-error.ts';
import type { JsonObject } from '../util/json.ts';
import type { AdmissionAttributes, AdmissionOperation, AdmissionPlugin, ObjectView } from './plugin.ts';

/** One write, as the registry describes it. */
export interface AdmissionInput {
  readonly operation: AdmissionOperation;
  readonly subresource: string;
  readonly namespace: string;
  readonly name: string;
  readonly object: JsonObject;
  readonly oldObject?: JsonObject;
  readonly dryRun: boolean;
  /** Collects `Warning` header texts. */
  readonly warnings: string[];
  /** Collects the request's audit annotations, when the request is audited. */
  readonly auditAnnotations?: Record<string, string>;
}

export class Admission {
  constructor(
    private readonly plugins: readonly AdmissionPlugin[],
    private readonly objects: ObjectView,
  ) {}

  /** The plugins of one kind, or undefined when none names it (the registry then skips admission). */
  forKind(kind: GroupKind, resource: GroupResource): KindAdmission | undefined {
    const mine = this.plugins.filter((p) => p.kinds.some((k) => k.group === kind.group && k.kind === kind.kind));
    if (!mine.length) return undefined;
    return new KindAdmission(mine, kind, resource, this.objects);
  }
}

export class KindAdmission {
  private readonly mutating: readonly AdmissionPlugin[];
  private readonly validating: readonly AdmissionPlugin[];

  constructor(
    plugins: readonly AdmissionPlugin[],
    private readonly kind: GroupKind,
    private readonly resource: GroupResource,
    private readonly objects: ObjectView,
  ) {
    this.mutating = plugins.filter((p) => p.admit);
    this.validating = plugins.filter((p) => p.validate);
  }

  /** The mutating phase: plugins may change `input.object`. */
  mutate(input: AdmissionInput): void {
    const attrs = this.attributes(input);
    for (const p of this.mutating) if (p.operations.includes(input.operation)) p.admit!(attrs);
  }

  /** The validating phase, on the object as it will be stored. */
  validate(input: AdmissionInput): void {
    const attrs = this.attributes(input);
    for (const p of this.validating) if (p.operations.includes(input.operation)) p.validate!(attrs);
  }

  private attributes(input: AdmissionInput): AdmissionAttributes {
    const { warnings, auditAnnotations } = input;
    return {
      operation: input.operation,
      resource: this.resource,
      kind: this.kind,
      subresource: input.subresource,
      namespace: input.namespace,
      name: input.name,
      object: input.object,
      oldObject: input.oldObject,
      dryRun: input.dryRun,
      objects: this.objects,
      warn: (text) => void warnings.push(text),
      annotate: (key, value) => {
        if (auditAnnotations) auditAnnotations[key] = value;
      },
    };
  }
}
