import { splitLinks } from "@/lib/format/links";

/**
 * Text a chat user typed, escaped by React like everything else, with each link shown as plain text
 * followed by its domain: never followed, never clickable.
 */
export function UserText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className ?? "break-words"}>
      {splitLinks(text).map((part, index) =>
        part.kind === "text" ? (
          <span key={index}>{part.text}</span>
        ) : (
          <span key={index} className="break-all">
            <span className="font-mono text-slate-700">{part.text}</span>{" "}
            <span className="rounded bg-amber-100 px-1 text-xs font-medium text-amber-900">link to {part.domain}</span>
          </span>
        ),
      )}
    </span>
  );
}
