import { splitLinks } from "@/lib/messages/links";
import { cn } from "./cn";

/**
 * Text a chat user wrote, for any page that shows it (messages, reports, search results): escaped by
 * React, line breaks kept, and every link shown as text with the domain it leads to, never as something
 * to click. The address stays selectable, to be copied into a tool made to open it. Inline (a span), so
 * that it fits in a paragraph or a table cell alike.
 */
export function MessageText({ text, className }: { text: string | null; className?: string }) {
  if (!text) return <span className="text-slate-500 italic">No text</span>;
  return (
    <span className={cn("break-words whitespace-pre-wrap [overflow-wrap:anywhere]", className)}>
      {splitLinks(text).map((part, index) =>
        part.kind === "text" ? (
          part.text
        ) : (
          <span key={index} className="rounded bg-amber-50 px-0.5 ring-1 ring-amber-300 ring-inset">
            <span className="font-mono text-[0.85em]">{part.text}</span>{" "}
            <span className="text-xs font-medium whitespace-nowrap text-amber-900">
              (link to {part.domain ?? "an address that cannot be read"})
            </span>
          </span>
        ),
      )}
    </span>
  );
}
