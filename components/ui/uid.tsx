import { AppLink } from "@/components/ui/app-link";
import { cn } from "./cn";
import { CopyButton } from "./copy-button";

/** The workspace of a chat user. */
export function userHref(uid: string): string {
  return `/users/${encodeURIComponent(uid)}`;
}

/** On one line, a UID longer than this shows its first and last characters around an ellipsis. */
const SHORTEN_OVER = 24;
const HEAD = 12;
const TAIL = 8;

/**
 * The UID's text. In running text it breaks anywhere rather than widen the page; on one line (a table
 * cell) a long one is shortened in the middle: the hidden middle stays in the text, so a screen reader,
 * a search of the page and a copied selection all have the whole UID.
 */
function UidText({ uid, oneLine, className }: { uid: string; oneLine: boolean; className?: string }) {
  if (!oneLine) return <span className={cn("font-mono [overflow-wrap:anywhere]", className)}>{uid}</span>;
  if (uid.length <= SHORTEN_OVER) return <span className={cn("font-mono whitespace-nowrap", className)}>{uid}</span>;
  return (
    <span className={cn("font-mono whitespace-nowrap", className)}>
      {uid.slice(0, HEAD)}
      {/* Inline and zero-sized rather than sr-only: a positioned box would split the link's accessible name in three. */}
      <span className="text-[0px]">{uid.slice(HEAD, uid.length - TAIL)}</span>
      <span aria-hidden="true" className="before:content-['…']" />
      {uid.slice(uid.length - TAIL)}
    </span>
  );
}

type UidProps = {
  uid: string;
  /** The user's name: the link then reads "George Alan", with the UID beside it. */
  name?: string | null;
  /** The UID of the page being shown is not linked to itself. */
  link?: boolean;
  /**
   * In a table cell: the UID stays on one line, shortened in the middle when long, with the whole UID in
   * the link's title and its copy button. Elsewhere it breaks where it must.
   */
  oneLine?: boolean;
  className?: string;
};

/** A UID as the console shows it everywhere: a link to the user's workspace and a button that copies it. */
export function Uid({ uid, name, link = true, oneLine = false, className }: UidProps) {
  const text = name ? (
    <>
      <span className="[overflow-wrap:anywhere]">{name}</span>{" "}
      <UidText uid={uid} oneLine={oneLine} className="text-xs text-slate-600" />
    </>
  ) : (
    <UidText uid={uid} oneLine={oneLine} />
  );
  const title = oneLine && uid.length > SHORTEN_OVER ? uid : undefined;
  return (
    <span className={cn("inline-flex max-w-full items-center gap-1 align-middle", className)}>
      {link ? (
        // Not prefetched: a table holds dozens of UIDs, and each workspace is a page rendered from the chat service.
        <AppLink
          href={userHref(uid)}
          title={title}
          className="min-w-0 text-brand-700 underline-offset-2 hover:underline"
        >
          {text}
        </AppLink>
      ) : (
        <span className="min-w-0" title={title}>
          {text}
        </span>
      )}
      <CopyButton value={uid} label={`Copy UID ${uid}`} />
    </span>
  );
}
