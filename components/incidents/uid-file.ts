/** Names a first CSV row may carry for its UID column: such a row is a header, not a UID. */
const HEADER_NAMES = new Set(["uid", "uids", "user_id", "id"]);

export function isCsvFile(file: { name: string; type: string }): boolean {
  return file.name.toLowerCase().endsWith(".csv") || file.type === "text/csv";
}

/** The first cell of a CSV row, unquoted as RFC 4180 quotes it. */
function firstCell(row: string): string {
  if (!row.startsWith('"')) return row.split(",", 1)[0] ?? "";
  let cell = "";
  for (let index = 1; index < row.length; index += 1) {
    const char = row[index];
    if (char === '"') {
      if (row[index + 1] !== '"') return cell;
      index += 1;
    }
    cell += char;
  }
  return cell;
}

/**
 * The UIDs of an uploaded file, one a line as the textarea shows them: every line of a text file,
 * the first column of a CSV file without its header row. Blank lines are left out; checking each
 * UID is the preview's work.
 */
export function uidLinesOfFile(content: string, csv: boolean): string[] {
  const rows = content.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  const cells = (csv ? rows.map(firstCell) : rows).map((cell) => cell.trim()).filter((cell) => cell !== "");
  if (csv && cells.length > 0 && HEADER_NAMES.has(cells[0]!.toLowerCase())) cells.shift();
  return cells;
}
