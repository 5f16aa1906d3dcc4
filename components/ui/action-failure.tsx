import type { ActionFailed } from "@/lib/actions/result";
import { Alert } from "./alert";

/** "blocker" → "On behalf of": the names a form shows for the fields an action reports on. */
export type FieldLabels = Record<string, string>;

function fieldName(key: string, labels: FieldLabels): string {
  const [head = key, ...rest] = key.split(".");
  const name = labels[head] ?? head;
  return rest.length > 0 ? `${name} (item ${rest.map((index) => Number(index) + 1 || index).join(".")})` : name;
}

type ActionFailureProps = {
  failure: Pick<ActionFailed, "message" | "fieldErrors">;
  /** Fields the form shows errors beside: they are not repeated here. */
  shownFields?: readonly string[];
  labels?: FieldLabels;
};

/** A refused or failed action: its message, then what it said of each field the form does not show. */
export function ActionFailure({ failure, shownFields = [], labels = {} }: ActionFailureProps) {
  const details = Object.entries(failure.fieldErrors ?? {})
    .filter(([key]) => !shownFields.includes(key))
    .flatMap(([key, messages]) =>
      messages.map((text) => (key === "form" ? text : `${fieldName(key, labels)}: ${text}`)),
    );
  return (
    <Alert tone="error">
      <p>{failure.message}</p>
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
