/**
 * Links in what chat users typed, found as text: the console never follows one nor makes it clickable,
 * it shows each as text with its domain. Pure, for the search's filter and for the pages alike.
 */

const LINK = /\bhttps?:\/\/[^\s<>"'`]+|\bwww\.[^\s<>"'`]+/gi;

export type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; domain: string };

/** The host of a link, lowercased, without `www.`; undefined when it has none. */
function domainOf(link: string): string | undefined {
  try {
    const host = new URL(/^https?:\/\//i.test(link) ? link : `http://${link}`).hostname.toLowerCase();
    return host.replace(/^www\./, "") || undefined;
  } catch {
    return undefined;
  }
}

/** The text cut into plain parts and links, in order, each link with its domain. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    const domain = domainOf(match[0]);
    parts.push(domain ? { kind: "link", text: match[0], domain } : { kind: "text", text: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

/** The domains of the links in a text. */
export function linkDomains(text: string): string[] {
  return splitLinks(text).flatMap((part) => (part.kind === "link" ? [part.domain] : []));
}

/** Whether `domain` is `wanted` or one of its subdomains: `usdt-drop.example` matches `a.usdt-drop.example`. */
export function domainMatches(domain: string, wanted: string): boolean {
  const target = wanted.toLowerCase().replace(/^www\./, "");
  return domain === target || domain.endsWith(`.${target}`);
}
