/**
 * A namespace's Pod Security policy, read from its labels: for each mode (enforce, audit, warn) a
 * level and the version of the standards to check it at. Labels are spelled
 * `pod-security.orchestrator.io/<mode>[-version]`; the real platform's
 * `pod-security.kubernetes.io/…` (what manifests, tutorials and `kubectl label` commands written
 * for it carry) is read too, the orch spelling winning when a namespace has both. Unset modes are
 * `privileged:latest` (the server's defaults: orch has no admission configuration file).
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';

export type Level = 'privileged' | 'baseline' | 'restricted';
export type Mode = 'enforce' | 'audit' | 'warn';

/** A level at a version: `latest` or `v1.<minor>`. */
export interface LevelVersion {
  readonly level: Level;
  readonly version: string;
}

export type Policy = Readonly<Record<Mode, LevelVersion>>;

export const LABEL_PREFIX = 'pod-security.orchestrator.io/';
export const LABEL_PREFIX_ALIAS = 'pod-security.kubernetes.io/';

const LEVELS: readonly Level[] = ['privileged', 'baseline', 'restricted'];
const VERSION = /^v1\.([0-9]|[1-9][0-9]*)$/;
const LATEST = 'latest';
const DEFAULT: LevelVersion = { level: 'privileged', version: LATEST };
const LEVEL_MESSAGE = `must be one of ${LEVELS.join(', ')}`;
const VERSION_MESSAGE = 'must be "latest" or "v1.x"';

/** `restricted:latest`, as messages name a level at a version. */
export function levelVersionText(lv: LevelVersion): string {
  return `${lv.level}:${lv.version}`;
}

export function sameLevelVersion(a: LevelVersion, b: LevelVersion): boolean {
  return a.level === b.level && a.version === b.version;
}

/** How much stricter `a` is than `b`: 1, 0 or -1. */
export function compareLevels(a: Level, b: Level): number {
  return Math.sign(LEVELS.indexOf(a) - LEVELS.indexOf(b));
}

export function fullyPrivileged(p: Policy): boolean {
  return p.enforce.level === 'privileged' && p.audit.level === 'privileged' && p.warn.level === 'privileged';
}

/** The label a namespace sets for one mode (and `-version`), in whichever spelling it uses. */
function label(labels: Readonly<Record<string, string>>, name: string): { readonly key: string; readonly value: string } | undefined {
  for (const prefix of [LABEL_PREFIX, LABEL_PREFIX_ALIAS]) {
    const key = prefix + name;
    const value = labels[key];
    if (value !== undefined) return { key, value };
  }
  return undefined;
}

/**
 * The policy a namespace's labels ask for, and the labels' errors. A level that cannot be parsed
 * is enforced as `restricted` (failing closed) and neither audited nor warned about (failing
 * open); a version that cannot be parsed is `latest`. When enforce sets a valid level stricter
 * than warn's and warn's level is not set, warn follows enforce (its version too, unless set).
 */
export function policyFromLabels(labels: Readonly<Record<string, string>> = {}): {
  readonly policy: Policy;
  readonly errors: FieldError[];
} {
  const errors: FieldError[] = [];
  const modes: Record<Mode, { level: Level; version: string; levelSet: boolean; versionSet: boolean }> = {
    enforce: { ...DEFAULT, levelSet: false, versionSet: false },
    audit: { ...DEFAULT, levelSet: false, versionSet: false },
    warn: { ...DEFAULT, levelSet: false, versionSet: false },
  };
  for (const mode of ['enforce', 'audit', 'warn'] as const) {
    const m = modes[mode];
    const lvl = label(labels, mode);
    if (lvl) {
      const valid = (LEVELS as readonly string[]).includes(lvl.value);
      if (valid) m.level = lvl.value as Level;
      else {
        errors.push(fieldErrors.invalid(`metadata.labels[${lvl.key}]`, lvl.value, LEVEL_MESSAGE));
        m.level = mode === 'enforce' ? 'restricted' : 'privileged';
      }
      // An enforce level that cannot be parsed gives warn nothing to follow.
      m.levelSet = mode !== 'enforce' || valid;
    }
    const ver = label(labels, `${mode}-version`);
    if (ver) {
      m.versionSet = true;
      if (ver.value === LATEST || VERSION.test(ver.value)) m.version = ver.value;
      else errors.push(fieldErrors.invalid(`metadata.labels[${ver.key}]`, ver.value, VERSION_MESSAGE));
    }
  }
  const { enforce, warn } = modes;
  if (!warn.levelSet && enforce.levelSet && compareLevels(enforce.level, warn.level) > 0) {
    warn.level = enforce.level;
    if (!warn.versionSet) warn.version = enforce.version;
  }
  const policy: Policy = {
    enforce: { level: enforce.level, version: enforce.version },
    audit: { level: modes.audit.level, version: modes.audit.version },
    warn: { level: warn.level, version: warn.version },
  };
  return { policy, errors };
}
