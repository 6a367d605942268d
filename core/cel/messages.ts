/**
 * cel-js errors reworded as cel-go reports them, because users and tools match on the real
 * platform's text: `ERROR: <input>:1:6: undefined field 'foo'` followed by the source line and
 * a caret.
 */

interface CelJsError {
  readonly summary?: string;
  readonly message: string;
  readonly range?: { readonly start: number; readonly end: number };
  readonly node?: { readonly op?: string; readonly start?: number; readonly pos?: number };
}

const OPERATOR_NAMES: Record<string, string> = {
  '+': '_+_',
  '-': '_-_',
  '*': '_*_',
  '/': '_/_',
  '%': '_%_',
  '<': '_<_',
  '<=': '_<=_',
  '>': '_>_',
  '>=': '_>=_',
  '==': '_==_',
  '!=': '_!=_',
  in: '@in',
};

/** The cel-go wording of a cel-js check or parse message. */
export function celGoMessage(summary: string, atRuntime: boolean): string {
  let m = /^No such key: (.+)$/.exec(summary);
  if (m) return atRuntime ? `no such key: ${m[1]}` : `undefined field '${m[1]}'`;
  m = /^no such overload: (\S+) (\S+) (\S+)$/.exec(summary);
  if (m && OPERATOR_NAMES[m[2]]) {
    return atRuntime ? 'no such overload' : `found no matching overload for '${OPERATOR_NAMES[m[2]]}' applied to '(${m[1]}, ${m[3]})'`;
  }
  m = /^found no matching overload for '(?:([\w.<>, ]+)\.)?(\w+)\((.*)\)'$/.exec(summary);
  if (m) return `found no matching overload for '${m[2]}' applied to '${m[1] ?? ''}${m[1] ? '.' : ''}(${m[3]})'`;
  m = /^Unknown variable: (.+)$/.exec(summary);
  if (m) return `undeclared reference to '${m[1]}' (in container '')`;
  if (atRuntime) return summary.charAt(0).toLowerCase() + summary.slice(1);
  return summary;
}

/** `ERROR: <input>:line:col: message` plus the offending line and a caret, as cel-go prints issues. */
export function formatIssue(source: string, err: CelJsError): string {
  const summary = celGoMessage(err.summary ?? err.message.split('\n')[0], false);
  let offset = err.range?.start ?? err.node?.start ?? err.node?.pos ?? 0;
  // cel-go points at the '.' of a field selection.
  if (/^undefined field/.test(summary) && err.range) {
    const dot = source.lastIndexOf('.', err.range.end - 1);
    if (dot >= 0 && dot >= err.range.start - 1) offset = dot;
  }
  // ...and at the operator of a binary expression.
  const op = /^found no matching overload for '_(\S+)_' applied/.exec(summary);
  if (op && err.range) {
    const at = source.indexOf(op[1], err.range.start);
    if (at >= 0 && at < err.range.end) offset = at;
  }
  offset = Math.max(0, Math.min(offset, source.length));
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const col = offset - lineStart;
  const lineText = source.slice(lineStart).split('\n')[0];
  return `ERROR: <input>:${line}:${col + 1}: ${summary}\n | ${lineText}\n | ${'.'.repeat(col)}^`;
}
