/**
 * The cells of a CSV file (RFC 4180: cells apart by commas, rows by line ends, a cell in double quotes
 * may hold either, `""` being a quote), in order: a keyword list's uploaded file gives one term a cell.
 */
export function csvCells(text: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  const source = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === "," || char === "\n" || char === "\r") {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}
