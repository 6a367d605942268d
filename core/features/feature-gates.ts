/**
 * Feature gates as the API's versioning rules state them (docs/api-rules.md, feature gates): alpha off and beta on by default, GA
 * locked to true (setting it false is an error at start), unknown names rejected, deprecated
 * ones warned about.
 */
import { KNOWN_GATES, type GateSpec } from './known-gates.ts';

export class FeatureGateError extends Error {}

export class FeatureGates {
  private readonly values = new Map<string, boolean>();
  /** Warnings for the operator (deprecated or GA gates set explicitly). */
  readonly warnings: string[] = [];

  constructor(
    settings: Readonly<Record<string, boolean>> = {},
    private readonly known: Readonly<Record<string, GateSpec>> = KNOWN_GATES,
  ) {
    for (const [name, value] of Object.entries(settings)) this.set(name, value);
  }

  /** Parses `--feature-gates` text: `A=true,B=false`. */
  static parse(text: string, known: Readonly<Record<string, GateSpec>> = KNOWN_GATES): FeatureGates {
    const settings: Record<string, boolean> = {};
    for (const part of text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const eq = part.indexOf('=');
      if (eq < 0) throw new FeatureGateError(`missing bool value for ${part}`);
      const name = part.slice(0, eq).trim();
      const raw = part.slice(eq + 1).trim();
      const value = parseBool(raw);
      if (value === undefined) {
        throw new FeatureGateError(
          `invalid value of ${name}=${raw}, err: strconv.ParseBool: parsing ${JSON.stringify(raw)}: invalid syntax`,
        );
      }
      settings[name] = value;
    }
    return new FeatureGates(settings, known);
  }

  private set(name: string, value: boolean): void {
    const spec = this.known[name];
    if (!spec) throw new FeatureGateError(`unrecognized feature gate: ${name}`);
    if (spec.lockToDefault && value !== spec.default) {
      throw new FeatureGateError(`cannot set feature gate ${name} to ${value}, feature is locked to ${spec.default}`);
    }
    if (spec.stage === 'GA') this.warnings.push(`Setting GA feature gate ${name}=${value}. It will be removed in a future release.`);
    if (spec.stage === 'DEPRECATED')
      this.warnings.push(`Setting deprecated feature gate ${name}=${value}. It will be removed in a future release.`);
    this.values.set(name, value);
  }

  enabled(name: string): boolean {
    const v = this.values.get(name);
    if (v !== undefined) return v;
    const spec = this.known[name];
    if (!spec) throw new FeatureGateError(`feature gate ${name} is not registered`);
    return spec.default;
  }

  /** Every known gate with its effective value (for `/metrics` and diagnostics). */
  all(): Record<string, boolean> {
    const out: Record<string, boolean> = {};
    for (const name of Object.keys(this.known).sort()) out[name] = this.enabled(name);
    return out;
  }
}

export function parseBool(raw: string): boolean | undefined {
  switch (raw) {
    case '1':
    case 't':
    case 'T':
    case 'true':
    case 'TRUE':
    case 'True':
      return true;
    case '0':
    case 'f':
    case 'F':
    case 'false':
    case 'FALSE':
    case 'False':
      return false;
    default:
      return undefined;
  }
}
