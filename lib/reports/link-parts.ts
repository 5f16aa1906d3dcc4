/**
 * A message's text cut into plain parts and links, each link with its domain: so that a page can show
 * where a link leads without making it clickable. Safe in the browser.
 */
export type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; domain: string };

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const TRAILING = /[).,!?;:]+$/;

function domainOf(link: string): string | undefined {
  try {
    return new URL(/^https?:\/\//i.test(link) ? link : `http://${link}`).hostname || undefined;
  } catch {
    return undefined;
  }
}

export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    // Punctuation that ends a sentence is not part of the link.
    const link = match[0].replace(TRAILING, "");
    const domain = domainOf(link);
    if (!domain) continue;
    if (match.index > last) parts.push({ kind: "text", text: text.slice(last, match.index) });
    parts.push({ kind: "link", text: link, domain });
    last = match.index + link.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
