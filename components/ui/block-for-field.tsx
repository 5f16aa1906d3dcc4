"use client";

import { BLOCK_FOR, type BlockFor } from "@/lib/blocking/block-for";
import { SelectField } from "./field";

/** "Block for": how long a block lasts, the same choices wherever a block is made or changed. */
export function BlockForField({
  id,
  value,
  onChange,
  label = "Block for",
}: {
  id: string;
  value: BlockFor;
  onChange: (value: BlockFor) => void;
  label?: string;
}) {
  return (
    <SelectField
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as BlockFor)}
      options={BLOCK_FOR.map(({ value: option, label: text }) => ({ value: option, label: text }))}
    />
  );
}
