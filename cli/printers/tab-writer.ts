/**
 * Aligned columns as Go's tabwriter makes them for the real client (minimum width 6, padding 3,
 * the last cell of a line not padded), remembering widths across flushes as `get -w` needs.
 */

export class TabWriter {
  private widths: number[] = [];

  constructor(
    private readonly minWidth = 6,
    private readonly padding = 3,
  ) {}

  format(rows: readonly (readonly string[])[]): string {
    for (const row of rows)
      row.forEach((cell, i) => {
        if (i === row.length - 1) return;
        const w = Math.max(this.minWidth, [...cell].length + this.padding);
        if (w > (this.widths[i] ?? 0)) this.widths[i] = w;
      });
    return rows
      .map(
        (row) =>
          `${row.map((cell, i) => (i === row.length - 1 ? cell : cell + ' '.repeat(this.widths[i]! - [...cell].length))).join('')}\n`,
      )
      .join('');
  }
}
