/**
 * Links in what chat users wrote are shown, never followed: the text is cut into plain parts and
 * links, each link with the domain it leads to, so that a moderator sees where it points without
 * a click. Safe in the browser.
 */

export type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; domain: string | null };

// What the chat service counts as a link (`hasLinks`): http(s):// or www. up to the next space.
const LINK = /(?:https?:\/\/|www\.)[^\s<>"]+/giu;
// Closing punctuation that ends a sentence rather than the address.
const TRAILING = /[.,;:!?)\]}'’”]+$/u;

/**
 * The host a link leads to, as a browser would resolve it: lowercased, an international name in
 * its punycode form (`xn--…`), so that look-alike letters cannot pass for a known domain. Null
 * when the text is no address a browser would open.
 */
export function domainOf(link: string): string | null {
  try {
    const url = new URL(/^https?:\/\//iu.test(link) ? link : `http://${link}`);
    return url.hostname || null;
  } catch {
    return null;
  }
}

/** `text` as plain parts and links, in order; joined again, the parts give the text back unchanged. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    const link = match[0].replace(TRAILING, "");
    if (link.length === 0) continue;
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    parts.push({ kind: "link", text: link, domain: domainOf(link) });
    last = start + link.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

/** The domains a text links to, each once, in order. */
export function linkDomains(text: string): string[] {
  return [
    ...new Set(splitLinks(text).flatMap((part) => (part.kind === "link" && part.domain !== null ? [part.domain] : []))),
  ];
}
