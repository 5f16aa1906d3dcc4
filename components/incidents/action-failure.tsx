import { Alert } from "@/components/ui/alert";

const FIELD_NAMES: Record<string, string> = {
  blocker: "On behalf of",
  reason: "Reason",
  text: "UIDs to block",
  uids: "UIDs",
  jobId: "Job",
};

function fieldName(key: string): string {
  const [head = key, ...rest] = key.split(".");
  const name = FIELD_NAMES[head] ?? head;
  return rest.length > 0 ? `${name} (item ${rest.join(".")})` : name;
}

/** A refused or failed action: its message, then what it said of each field the form does not show. */
export function ActionFailure({ message, fieldErrors }: { message: string; fieldErrors?: Record<string, string[]> }) {
  const details = Object.entries(fieldErrors ?? {}).flatMap(([key, messages]) =>
    messages.map((text) => (key === "form" ? text : `${fieldName(key)}: ${text}`)),
  );
  return (
    <Alert tone="error">
      <p>{message}</p>
      {details.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {details.map((detail, index) => (
            <li key={index}>{detail}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
