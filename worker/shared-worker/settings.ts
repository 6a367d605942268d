/**
 * The playground's runtime switches, kept in their own small database so they survive a reload
 * (and a reset of the store, which is about objects, not about how the playground runs).
 */
import { openDB } from 'idb';
import type { RuntimeSettings } from '../protocol/control.ts';
import { MAX_CLOCK_SPEED } from './scaled-clock.ts';

export const DEFAULT_SETTINGS: RuntimeSettings = {
  controllers: true,
  clockSpeed: 1,
  podSimulator: { enabled: true, readyDelayMs: 2000, stopDelayMs: 1000 },
};

/** What is stored: the settings, and how far the clock has run ahead of (or behind) the wall. */
export interface StoredSettings {
  readonly settings: RuntimeSettings;
  readonly clockOffsetMs?: number;
}

const MAX_READY_DELAY_MS = 24 * 3600_000;

/** Rejects settings the runtime could not honour, with a message naming the field. */
export function checkSettings(s: RuntimeSettings): RuntimeSettings {
  if (typeof s.controllers !== 'boolean') throw new TypeError('controllers must be true or false');
  if (!Number.isFinite(s.clockSpeed) || s.clockSpeed < 0 || s.clockSpeed > MAX_CLOCK_SPEED) {
    throw new RangeError(`clockSpeed must be a number from 0 to ${MAX_CLOCK_SPEED}`);
  }
  const p = s.podSimulator;
  if (typeof p.enabled !== 'boolean') throw new TypeError('podSimulator.enabled must be true or false');
  if (!Number.isInteger(p.readyDelayMs) || p.readyDelayMs < 0 || p.readyDelayMs > MAX_READY_DELAY_MS) {
    throw new RangeError(`podSimulator.readyDelayMs must be a whole number of milliseconds from 0 to ${MAX_READY_DELAY_MS}`);
  }
  if (!Number.isInteger(p.stopDelayMs) || p.stopDelayMs < 0 || p.stopDelayMs > MAX_READY_DELAY_MS) {
    throw new RangeError(`podSimulator.stopDelayMs must be a whole number of milliseconds from 0 to ${MAX_READY_DELAY_MS}`);
  }
  return s;
}

export class SettingsStore {
  private constructor(private readonly dbName: string) {}

  static for(storeName: string): SettingsStore {
    return new SettingsStore(`${storeName}-settings`);
  }

  private open() {
    return openDB(this.dbName, 1, {
      upgrade(db) {
        db.createObjectStore('settings');
      },
    });
  }

  async load(): Promise<StoredSettings> {
    const db = await this.open();
    try {
      const stored = (await db.get('settings', 'current')) as StoredSettings | undefined;
      if (!stored) return { settings: DEFAULT_SETTINGS };
      // Fields added after the record was written take their defaults.
      const settings = {
        ...DEFAULT_SETTINGS,
        ...stored.settings,
        podSimulator: { ...DEFAULT_SETTINGS.podSimulator, ...stored.settings?.podSimulator },
      };
      const offset = Number.isFinite(stored.clockOffsetMs) ? { clockOffsetMs: stored.clockOffsetMs } : {};
      return { settings: checkSettings(settings), ...offset };
    } catch {
      return { settings: DEFAULT_SETTINGS };
    } finally {
      db.close();
    }
  }

  async save(stored: StoredSettings): Promise<void> {
    const db = await this.open();
    try {
      await db.put('settings', stored, 'current');
    } finally {
      db.close();
    }
  }
}
