/**
 * The terms of a CSV file: every cell a term, quotes as RFC 4180 has them ("a, b" is one cell, ""
 * a quote), blank cells and repeats left out.
 */
export function termsOfCsv(text: string): string[] {
  const terms: string[] = [];
  let cell = "";
  let quoted = false;
  const end = () => {
    const term = cell.trim();
    if (term) terms.push(term);
    cell = "";
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === "") quoted = true;
    else if (char === "," || char === "\n" || char === "\r") end();
    else cell += char;
  }
  end();
  const seen = new Set<string>();
  return terms.filter((term) => {
    const key = term.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
