/**
 * Go's text/tabwriter with spaces and no flags: tab-terminated cells aligned per column block, a
 * block being the run of consecutive lines that have a cell in that column (a column's width is its
 * widest cell plus the padding, at least `minWidth`, and the columns right of it are laid out
 * within that block, as the real formatter recurses); the text after a line's last tab is not a
 * cell and is never padded. The real client's `describe` uses padding 2 and minimum width 0, the
 * server's flow-control debug dumps padding 1 and minimum width 8. Unlike the CLI's TabWriter
 * (tables of rows), this takes text with tabs.
 */
export function goTabwriter(text: string, padding = 2, minWidth = 0): string {
  const trailingNewline = text.endsWith('\n');
  const lines = (trailingNewline ? text.slice(0, -1) : text).split('\n').map((l) => l.split('\t'));
  const width = (s: string) => [...s].length;
  const widths: number[] = [];
  const out: string[] = new Array(lines.length);

  const write = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const cells = lines[i]!;
      out[i] = cells.map((c, j) => (j < cells.length - 1 && j < widths.length ? c + ' '.repeat(widths[j]! - width(c)) : c)).join('');
    }
  };

  const format = (line0: number, line1: number) => {
    const column = widths.length;
    let start = line0;
    for (let at = line0; at < line1; at++) {
      if (column >= lines[at]!.length - 1) continue;
      write(start, at);
      start = at;
      let w = minWidth;
      for (; at < line1 && column < lines[at]!.length - 1; at++) w = Math.max(w, width(lines[at]![column]!) + padding);
      widths.push(w);
      format(start, at);
      widths.pop();
      start = at;
      at--;
    }
    write(start, line1);
  };

  format(0, lines.length);
  return out.join('\n') + (trailingNewline ? '\n' : '');
}
