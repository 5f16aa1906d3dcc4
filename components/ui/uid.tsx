import Link from "next/link";
import { cn } from "./cn";
import { CopyButton } from "./copy-button";

/** The workspace of a chat user. */
export function userHref(uid: string): string {
  return `/users/${encodeURIComponent(uid)}`;
}

type UidProps = {
  uid: string;
  /** The user's name: the link then reads "George Alan", with the UID beside it. */
  name?: string | null;
  /** The UID of the page being shown is not linked to itself. */
  link?: boolean;
  className?: string;
};

/** A UID as the console shows it everywhere: a link to the user's workspace and a button that copies it. */
export function Uid({ uid, name, link = true, className }: UidProps) {
  const text = name ? (
    <>
      <span>{name}</span> <span className="font-mono text-xs text-slate-600">{uid}</span>
    </>
  ) : (
    <span className="font-mono">{uid}</span>
  );
  return (
    <span className={cn("inline-flex max-w-full items-center gap-1 align-middle", className)}>
      {link ? (
        // Not prefetched: a table holds dozens of UIDs, and each workspace is a page rendered from the chat service.
        <Link
          href={userHref(uid)}
          prefetch={false}
          className="min-w-0 text-brand-700 underline-offset-2 hover:underline"
        >
          {text}
        </Link>
      ) : (
        <span className="min-w-0">{text}</span>
      )}
      <CopyButton value={uid} label={`Copy UID ${uid}`} />
    </span>
  );
}
