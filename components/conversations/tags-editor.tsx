"use client";

import { cn } from "@/components/ui/cn";
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
} from "react";
import { MAX_TAGS } from "@/lib/conversations/limits";
import { addTags, hasTagSeparator, splitTagList } from "./tag-additions";

const CONTROL =
  "mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500";

export type TagsEditorProps = {
  /** Id of the text input; the hint, count and messages take ids derived from it. */
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  /** The form's error for the tags (from the shared zod schema or the server). */
  error?: string;
  disabled?: boolean;
  /** Called after the input loses focus (and after its pending text was added), for form libraries. */
  onBlur?: () => void;
  /** The text input, so that a form can focus it when the tags are invalid. */
  ref?: Ref<HTMLInputElement>;
};

function assignRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === "function") ref(node);
  else if (ref) ref.current = node;
}

/**
 * A list of tags edited as chips: one text input, where Enter or a comma adds what was typed and a
 * pasted list adds every item. The shared schema's limits are enforced as the tags are added, and a
 * refusal is said in words next to the input.
 */
export function TagsEditor({ id, value, onChange, error, disabled = false, onBlur, ref }: TagsEditorProps) {
  const [draft, setDraft] = useState("");
  const [notice, setNotice] = useState<string>();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** Index of a removed chip: focus moves to its neighbour, so that it is not lost with the button. */
  const removedIndex = useRef<number | null>(null);

  const setInput = useCallback(
    (node: HTMLInputElement | null) => {
      inputRef.current = node;
      assignRef(ref, node);
    },
    [ref],
  );

  useEffect(() => {
    const index = removedIndex.current;
    if (index === null) return;
    removedIndex.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>("button[data-remove-tag]");
    const neighbour = buttons && buttons.length > 0 ? buttons[Math.min(index, buttons.length - 1)] : undefined;
    (neighbour ?? inputRef.current)?.focus();
  }, [value]);

  function commit(candidates: string[], rest = "") {
    const result = addTags(value, candidates);
    if (result.added.length > 0) onChange(result.tags);
    setDraft([...result.leftOver, rest].filter((part) => part !== "").join(", "));
    setNotice(result.message);
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const text = event.target.value;
    if (hasTagSeparator(text)) {
      const parts = splitTagList(text);
      const rest = parts.pop() ?? "";
      commit(parts, rest);
      return;
    }
    setDraft(text);
    setNotice(undefined);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    // Enter adds a tag here; the form is submitted with its button, so a double Enter cannot save by accident.
    event.preventDefault();
    if (draft !== "") commit([draft]);
  }

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData("text");
    // Browsers drop the line breaks of a paste into a one-line input, so a list is split here.
    if (!hasTagSeparator(pasted)) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? draft.length;
    const end = input.selectionEnd ?? draft.length;
    commit(splitTagList(draft.slice(0, start) + pasted + draft.slice(end)));
  }

  function commitDraft() {
    if (draft.trim() !== "") commit([draft]);
    else if (draft !== "") setDraft("");
  }

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    const next = event.relatedTarget;
    // Adding a chip moves the form's button down between mouse down and up, so the click would miss it:
    // when focus goes to a submit button of this form, the text is added on submit instead (below).
    const toSubmit =
      next instanceof HTMLButtonElement && next.type === "submit" && next.form === event.currentTarget.form;
    if (!toSubmit) commitDraft();
    onBlur?.();
  }

  // Text still in the input when its form is submitted becomes a tag before the form reads its values:
  // a listener on the form element runs before React's, which listens at the root.
  const commitOnSubmit = useEffectEvent(commitDraft);
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const listener = () => commitOnSubmit();
    form.addEventListener("submit", listener);
    return () => form.removeEventListener("submit", listener);
  }, []);

  function remove(index: number) {
    removedIndex.current = index;
    setNotice(undefined);
    onChange(value.filter((_, i) => i !== index));
  }

  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const noticeId = `${id}-notice`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, countId, notice ? noticeId : undefined, error ? errorId : undefined]
    .filter(Boolean)
    .join(" ");
  const invalid = Boolean(error);

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Tags
      </label>
      <p id={hintId} className="mt-0.5 text-xs text-slate-600">
        Type a tag and press Enter or a comma; paste a list to add several.
      </p>
      {value.length > 0 && (
        <ul ref={listRef} className="mt-2 flex flex-wrap gap-2">
          {value.map((tag, index) => (
            <li
              // Tags from the service may repeat; the first of each keeps a stable key.
              key={value.indexOf(tag) === index ? `tag:${tag}` : `repeat:${index}`}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-0.5 pl-2.5 text-sm text-slate-800 ring-1 ring-slate-300 ring-inset"
            >
              <span className="break-all">{tag}</span>
              <button
                type="button"
                data-remove-tag=""
                aria-label={`Remove tag ${tag}`}
                disabled={disabled}
                onClick={() => remove(index)}
                className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-slate-900 disabled:cursor-not-allowed disabled:text-slate-400"
              >
                <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor">
                  <path d="M4 4l8 8M12 4l-8 8" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={setInput}
        id={id}
        type="text"
        value={draft}
        disabled={disabled}
        autoComplete="off"
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        onPaste={handlePaste}
        onBlur={handleBlur}
        className={cn(CONTROL, invalid ? "border-red-600" : "border-slate-300")}
      />
      <p id={countId} aria-live="polite" aria-atomic="true" className="mt-1 text-xs text-slate-600">
        {`${value.length} of ${MAX_TAGS} tags`}
      </p>
      <p id={noticeId} aria-live="polite" aria-atomic="true" className="text-sm text-red-700">
        {notice}
      </p>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
