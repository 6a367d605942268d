/** Timestamps as the wire spells them: Time to the second, MicroTime to the microsecond, UTC. */

export function formatTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export function formatMicroTime(ms: number): string {
  const iso = new Date(Math.floor(ms)).toISOString();
  return `${iso.slice(0, 23)}000Z`;
}

/** Milliseconds since the epoch, or undefined for a missing or malformed time. */
export function parseTime(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}
