/**
 * `--runtime-config`: which group/versions (and single resources) are served. Keys are
 * `<group>/<version>`, `<group>/<version>/<resource>`, `v1` or `api/v1` for the core group, and
 * `api/all`, `api/ga`, `api/beta`, `api/alpha`; a missing value means true.
 */
import { parseBool } from './feature-gates.ts';

export class RuntimeConfigError extends Error {}

export interface RuntimeConfigEntry {
  readonly key: string;
  readonly enabled: boolean;
}

export class RuntimeConfig {
  private readonly groupVersions = new Map<string, boolean>();
  private readonly resources = new Map<string, boolean>();
  private readonly levels = new Map<string, boolean>();

  constructor(entries: readonly RuntimeConfigEntry[] = []) {
    for (const { key, enabled } of entries) {
      const k = key === 'v1' || key === 'api/v1' || key === '/v1' ? 'v1' : key;
      if (k === 'api/all' || k === 'api/ga' || k === 'api/beta' || k === 'api/alpha') {
        this.levels.set(k.slice(4), enabled);
        continue;
      }
      const parts = k.split('/');
      if (parts.some((p) => p === '')) throw new RuntimeConfigError(`invalid key ${JSON.stringify(key)} in --runtime-config`);
      if (k === 'v1') this.groupVersions.set('v1', enabled);
      else if (parts.length === 2 && parts[0] === 'api') this.groupVersions.set(parts[1], enabled);
      else if (parts.length === 2) this.groupVersions.set(k, enabled);
      else if (parts.length === 3) this.resources.set(k, enabled);
      else throw new RuntimeConfigError(`invalid key ${JSON.stringify(key)} in --runtime-config`);
    }
  }

  static parse(text: string): RuntimeConfig {
    const entries: RuntimeConfigEntry[] = [];
    for (const part of text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const eq = part.indexOf('=');
      const key = eq < 0 ? part : part.slice(0, eq);
      const raw = eq < 0 ? 'true' : part.slice(eq + 1);
      const enabled = parseBool(raw);
      if (enabled === undefined) throw new RuntimeConfigError(`invalid value ${JSON.stringify(raw)} for ${key} in --runtime-config`);
      entries.push({ key, enabled });
    }
    return new RuntimeConfig(entries);
  }

  /** Keys that name a group/version or resource, for checking them against what exists. */
  keys(): string[] {
    return [...this.groupVersions.keys(), ...this.resources.keys()];
  }

  /**
   * Whether a group/version is served. `defaultOn` is its built-in default (GA and pre-1.24 beta
   * versions on; alpha and newer beta off).
   */
  groupVersionEnabled(groupVersion: string, defaultOn: boolean): boolean {
    const explicit = this.groupVersions.get(groupVersion);
    if (explicit !== undefined) return explicit;
    const level = /alpha/.test(groupVersion) ? 'alpha' : /beta/.test(groupVersion) ? 'beta' : 'ga';
    const byLevel = this.levels.get(level);
    if (byLevel !== undefined) return byLevel;
    const all = this.levels.get('all');
    if (all !== undefined) return all;
    return defaultOn;
  }

  /** Explicit setting for one resource (`apps/v1/statefulsets`), if any. */
  resourceSetting(groupVersion: string, resource: string): boolean | undefined {
    return this.resources.get(`${groupVersion}/${resource}`);
  }
}
