/**
 * A set of field paths, kept as a tree: at each level the elements that are members themselves,
 * and the elements under which deeper members live. A path can be both (an owned map-list item
 * with owned fields inside). Sets are immutable once built; operations return new sets.
 */
import { compareElements, elementToken, type Path, type PathElement } from './path.ts';

interface Child {
  readonly pe: PathElement;
  readonly set: FieldSet;
}

/** What an empty level reads as: most levels have members or children, rarely both. */
const NO_MEMBERS: ReadonlyMap<string, PathElement> = new Map();
const NO_CHILDREN: ReadonlyMap<string, Child> = new Map();

export class FieldSet {
  /**
   * Keyed by FieldsV1 token, which is a canonical identity of an element. Each map is made on
   * first write: a write computes a dozen sets, most with one of the two maps empty, and two
   * eager Maps per set were most of what a write allocated.
   */
  private ownMembers: Map<string, PathElement> | undefined;
  private ownChildren: Map<string, Child> | undefined;

  private get memberMap(): ReadonlyMap<string, PathElement> {
    return this.ownMembers ?? NO_MEMBERS;
  }

  private get childMap(): ReadonlyMap<string, Child> {
    return this.ownChildren ?? NO_CHILDREN;
  }

  private setMember(token: string, pe: PathElement): void {
    (this.ownMembers ??= new Map()).set(token, pe);
  }

  private setChildEntry(token: string, c: Child): void {
    (this.ownChildren ??= new Map()).set(token, c);
  }

  static of(...paths: Path[]): FieldSet {
    const s = new FieldSet();
    for (const p of paths) s.insert(p);
    return s;
  }

  /**
   * Adds a path (not its parents). The empty path is the whole object, which nobody owns, so it
   * is ignored as the real platform ignores it.
   */
  insert(path: Path): void {
    if (path.length === 0) return;
    let s: FieldSet = this;
    for (let i = 0; i < path.length - 1; i++) s = s.descend(path[i]);
    s.addMember(path[path.length - 1]);
  }

  /** Adds an element as a member at this level (used while building). */
  addMember(pe: PathElement): void {
    this.setMember(elementToken(pe), pe);
  }

  /** The subset under `pe`, created if missing (used while building). */
  descend(pe: PathElement): FieldSet {
    const token = elementToken(pe);
    let c = this.childMap.get(token);
    if (!c) {
      c = { pe, set: new FieldSet() };
      this.setChildEntry(token, c);
    }
    return c.set;
  }

  /** Puts a whole subset under `pe` (used while building; an empty subset is not kept). */
  setChild(pe: PathElement, set: FieldSet): void {
    const token = elementToken(pe);
    if (set.empty) this.ownChildren?.delete(token);
    else this.setChildEntry(token, { pe, set });
  }

  has(path: Path): boolean {
    if (path.length === 0) return false;
    let s: FieldSet | undefined = this;
    for (let i = 0; i < path.length - 1 && s; i++) s = s.child(path[i]);
    return s?.hasMember(path[path.length - 1]) === true;
  }

  hasMember(pe: PathElement): boolean {
    return this.memberMap.has(elementToken(pe));
  }

  child(pe: PathElement): FieldSet | undefined {
    return this.childMap.get(elementToken(pe))?.set;
  }

  /** The paths under `pe`, without the prefix (empty if none). */
  withPrefix(pe: PathElement): FieldSet {
    return this.child(pe) ?? new FieldSet();
  }

  get empty(): boolean {
    if (this.memberMap.size > 0) return false;
    for (const c of this.childMap.values()) if (!c.set.empty) return false;
    return true;
  }

  get size(): number {
    let n = this.memberMap.size;
    for (const c of this.childMap.values()) n += c.set.size;
    return n;
  }

  /** Members at this level, in the real platform's element order. */
  members(): PathElement[] {
    return [...this.memberMap.values()].sort(compareElements);
  }

  /** Subsets at this level, in element order. */
  children(): Child[] {
    return [...this.childMap.values()].sort((a, b) => compareElements(a.pe, b.pe));
  }

  union(other: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const [t, pe] of this.memberMap) out.setMember(t, pe);
    for (const [t, pe] of other.memberMap) out.setMember(t, pe);
    for (const [t, c] of this.childMap) {
      const o = other.childMap.get(t);
      out.setChildEntry(t, o ? { pe: c.pe, set: c.set.union(o.set) } : c);
    }
    for (const [t, c] of other.childMap) if (!this.childMap.has(t)) out.setChildEntry(t, c);
    return out;
  }

  /** Paths in both sets. */
  intersection(other: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const [t, pe] of this.memberMap) if (other.memberMap.has(t)) out.setMember(t, pe);
    for (const [t, c] of this.childMap) {
      const o = other.childMap.get(t);
      if (!o) continue;
      const i = c.set.intersection(o.set);
      if (!i.empty) out.setChildEntry(t, { pe: c.pe, set: i });
    }
    return out;
  }

  /**
   * Paths of this set that are not paths of `other`. Path by path: removing a parent leaves its
   * children (use `recursiveDifference` to drop whole subtrees).
   */
  difference(other: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const [t, pe] of this.memberMap) if (!other.memberMap.has(t)) out.setMember(t, pe);
    for (const [t, c] of this.childMap) {
      const o = other.childMap.get(t);
      if (!o) {
        out.setChildEntry(t, c);
        continue;
      }
      const d = c.set.difference(o.set);
      if (!d.empty) out.setChildEntry(t, { pe: c.pe, set: d });
    }
    return out;
  }

  /** Like `difference`, but a member of `other` also removes everything below it. */
  recursiveDifference(other: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const [t, pe] of this.memberMap) if (!other.memberMap.has(t)) out.setMember(t, pe);
    for (const [t, c] of this.childMap) {
      if (other.memberMap.has(t)) continue;
      const o = other.childMap.get(t);
      if (!o) {
        out.setChildEntry(t, c);
        continue;
      }
      const d = c.set.recursiveDifference(o.set);
      if (!d.empty) out.setChildEntry(t, { pe: c.pe, set: d });
    }
    return out;
  }

  equals(other: FieldSet): boolean {
    if (this.memberMap.size !== other.memberMap.size) return false;
    for (const t of this.memberMap.keys()) if (!other.memberMap.has(t)) return false;
    const mine = [...this.childMap].filter(([, c]) => !c.set.empty);
    const theirs = [...other.childMap].filter(([, c]) => !c.set.empty);
    if (mine.length !== theirs.length) return false;
    for (const [t, c] of mine) {
      const o = other.childMap.get(t);
      if (!o || !c.set.equals(o.set)) return false;
    }
    return true;
  }

  /**
   * Every member path, in the real platform's iteration order: the members of a level first,
   * then each subset in element order.
   */
  paths(): Path[] {
    const out: Path[] = [];
    this.collect([], out);
    return out;
  }

  private collect(prefix: PathElement[], out: Path[]): void {
    for (const pe of this.members()) out.push([...prefix, pe]);
    for (const c of this.children()) c.set.collect([...prefix, c.pe], out);
  }
}
