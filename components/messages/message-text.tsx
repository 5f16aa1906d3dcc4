import { splitLinks } from "@/lib/messages/links";
import { cn } from "@/components/ui/cn";

/**
 * Text a chat user wrote, for any page that shows it (messages, reports, search results): escaped by
 * React, line breaks kept, and every link shown as text with the domain it leads to, never as
 * something to click. The address stays selectable, to be copied into a tool made to open it.
 */
export function MessageText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={cn("break-words whitespace-pre-wrap [overflow-wrap:anywhere]", className)}>
      {splitLinks(text).map((part, index) =>
        part.kind === "text" ? (
          part.text
        ) : (
          <span key={index} className="rounded bg-amber-50 px-1 ring-1 ring-amber-300 ring-inset">
            <span className="font-mono text-xs text-slate-800">{part.text}</span>{" "}
            <span className="text-xs font-medium text-amber-900">
              (link to {part.domain ?? "an address that cannot be read"}, not opened)
            </span>
          </span>
        ),
      )}
    </p>
  );
}
