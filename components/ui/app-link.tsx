"use client";

import { useRouter } from "next/navigation";
import type { AnchorHTMLAttributes, MouseEvent } from "react";

type AppLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  href: string;
  /** Whether the page scrolls to the top after the navigation (as `next/link`'s `scroll`). */
  scroll?: boolean;
};

/** Whether the browser should follow the click itself: a new tab or window, a download, another site, a fragment of this page. */
function browserFollows(event: MouseEvent<HTMLAnchorElement>, url: URL): boolean {
  const anchor = event.currentTarget;
  if (event.defaultPrevented || event.button !== 0) return true;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return true;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return true;
  if (url.origin !== window.location.origin) return true;
  return url.hash !== "" && url.pathname === window.location.pathname && url.search === window.location.search;
}

/**
 * A link within the console: an `<a>` that the browser follows as any link (a new tab, a copied
 * address), and that a plain click follows through Next's router, so that the layout stays and only the
 * page is read again. Not `next/link`: its own code is ~3.9 KiB gzip of every page, for prefetching that
 * the console's pages, all read on demand, do not use.
 */
export function AppLink({ href, scroll = true, onClick, ...anchor }: AppLinkProps) {
  const router = useRouter();
  return (
    <a
      {...anchor}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        const url = new URL(href, window.location.href);
        if (browserFollows(event, url)) return;
        event.preventDefault();
        router.push(`${url.pathname}${url.search}${url.hash}`, { scroll });
      }}
    />
  );
}
