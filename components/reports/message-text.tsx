import { linkParts } from "@/lib/reports/link-parts";

/**
 * A message's text as its sender wrote it, escaped by React; every link in it shown as text with its
 * domain beside it, never a link the moderator could follow by mistake.
 */
export function MessageText({ text, className }: { text: string; className?: string }) {
  if (!text) return <span className="text-slate-500 italic">No text</span>;
  return (
    <span className={className ?? "break-words whitespace-pre-wrap"}>
      {linkParts(text).map((part, index) =>
        part.kind === "text" ? (
          <span key={index}>{part.text}</span>
        ) : (
          <span key={index} className="rounded bg-amber-50 px-0.5 ring-1 ring-amber-200">
            <span className="font-mono text-[0.85em] break-all">{part.text}</span>{" "}
            <span className="text-xs font-medium whitespace-nowrap text-amber-900">(link to {part.domain})</span>
          </span>
        ),
      )}
    </span>
  );
}
