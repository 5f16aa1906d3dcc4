/**
 * Prints a Markdown table of the benchmarks' figures, columns padded to their widest cell; with
 * `numbersRight`, every column after the first is right-aligned (and marked so in the rule).
 */
export function printTable(header: string[], rows: string[][], { numbersRight = false } = {}) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const right = (column: number) => numbersRight && column > 0;
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (right(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(" | ")} |`;
  const rule = widths.map((width, column) => {
    if (!numbersRight) return "-".repeat(width + 2);
    return right(column) ? `${"-".repeat(width + 1)}:` : `:${"-".repeat(width + 1)}`;
  });
  console.log(line(header));
  console.log(`|${rule.join("|")}|`);
  for (const row of rows) console.log(line(row));
}
