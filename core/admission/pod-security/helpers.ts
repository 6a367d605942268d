/**
 * The message helpers every check shares, behaving as the real evaluator's do so the texts match
 * byte for byte: singular or plural by count, quoted comma-joined names, sets listed in Go's byte
 * order, and the containers a check visits.
 */
import type { Container, EphemeralContainer, PodSpec } from '../../registry/types/index.ts';
import { compareStrings } from '../../util/compare.ts';

export function pluralize(singular: string, plural: string, count: number): string {
  return count === 1 ? singular : plural;
}

/** `"a", "b"`; an empty list gives an empty string. The items are quoted as they are, unescaped. */
export function joinQuote(items: readonly string[]): string {
  return items.length === 0 ? '' : `"${items.join('", "')}"`;
}

/** The distinct items, sorted as a Go string set lists them (byte order, not UTF-16 unit order). */
export function sortedSet(items: Iterable<string>): string[] {
  return [...new Set(items)].sort(compareStrings);
}

export { sortStrings } from '../../util/compare.ts';

/** What a check reads of a container; ephemeral containers share these fields. */
export type AnyContainer = Container | EphemeralContainer;

/** Init containers, then containers, then ephemeral containers, each in spec order. */
export function visitContainers(spec: PodSpec, visit: (container: AnyContainer) => void): void {
  for (const c of spec.initContainers ?? []) visit(c);
  for (const c of spec.containers ?? []) visit(c);
  for (const c of spec.ephemeralContainers ?? []) visit(c);
}

/** Windows pods (by spec.os) are exempt from the Linux-only restricted checks from v1.25. */
export function isWindowsPod(spec: PodSpec): boolean {
  return spec.os?.name === 'windows';
}

/** Whether the pod runs in a user namespace and the relaxation for such pods is on. */
export function relaxedForUserNamespace(spec: PodSpec, relax: boolean | undefined): boolean {
  return relax === true && spec.hostUsers === false;
}

/** `container "a"` / `containers "a", "b"`. */
export function containersPhrase(names: readonly string[]): string {
  return `${pluralize('container', 'containers', names.length)} ${joinQuote(names)}`;
}
