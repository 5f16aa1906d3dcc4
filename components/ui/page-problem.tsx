import type { ReactNode } from "react";
import { Alert } from "./alert";

type PageProblemProps = {
  heading: string;
  /** A warning when what was asked for does not exist; an error when it could not be read. */
  tone: "warning" | "error";
  message: ReactNode;
  /** What to do next, such as a form to look up another. */
  children?: ReactNode;
};

/** A page that cannot show what its address names: what was asked for, and why it is not shown. */
export function PageProblem({ heading, tone, message, children }: PageProblemProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">{heading}</h1>
      <Alert tone={tone}>{message}</Alert>
      {children}
    </div>
  );
}
