"use client";

import { lazy } from "react";
import type { ConfirmDialogProps } from "./confirm-dialog-body";
import { MountOnceAsked } from "./mount-once-asked";

const ConfirmDialogBody = lazy(() =>
  import("./confirm-dialog-body").then((module) => ({ default: module.ConfirmDialogBody })),
);

/**
 * A confirmation that names what it touches (./confirm-dialog-body.tsx), loaded when first opened rather
 * than with the page: most pages show several buttons that confirm, and most visits open none of them.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <MountOnceAsked when={props.open}>
      <ConfirmDialogBody {...props} />
    </MountOnceAsked>
  );
}
