"use client";

import { useState } from "react";

/** Up to two letters: the first of the name's first and last words ("George Alan" → "GA"). */
export function initialsOf(name: string, uid: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words.length === 1 ? [words[0]!] : [uid];
  // Array.from splits by code point, so that a name starting with an emoji or a surrogate pair stays whole.
  return letters
    .map((word) => Array.from(word)[0] ?? "")
    .join("")
    .toUpperCase();
}

/**
 * The user's avatar, or their initials when there is none or it cannot be loaded (offline, a dead
 * link, a refused host): never the browser's broken-image icon. The initials sit under the image, so
 * that they show before the page is interactive too.
 */
export function UserAvatar({ src, name, uid }: { src: string | undefined; name: string; uid: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div
      aria-hidden="true"
      className="relative flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-slate-200 text-xl font-semibold text-slate-700"
    >
      {initialsOf(name, uid)}
      {src && !failed && (
        // Avatars are arbitrary URLs of the chat service; the image optimizer would fetch them from the server.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          // An image that failed before the page was interactive fired its error before React listened.
          ref={(image) => {
            if (image?.complete && image.naturalWidth === 0) setFailed(true);
          }}
          src={src}
          alt=""
          width={64}
          height={64}
          onError={() => setFailed(true)}
          className="absolute inset-0 size-16 bg-slate-100 object-cover"
          referrerPolicy="no-referrer"
        />
      )}
    </div>
  );
}
