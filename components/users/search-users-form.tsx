"use client";

import Form from "next/form";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { MAX_SEARCH_LENGTH } from "@/lib/users/limits";

/**
 * "Search users": a GET form (Next's `Form`: a client-side navigation once the page is hydrated), so a
 * search is a URL that can be shared, reloaded and gone back to. Its field has the focus when the page
 * opens: finding a person is what the page is for.
 */
export function SearchUsersForm({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  return (
    <Form action="/users" role="search" aria-label="Find a user" className="flex flex-wrap items-end gap-3">
      <div className="w-full max-w-md">
        <TextField
          ref={inputRef}
          id="user-search"
          name="search"
          type="search"
          label="Search users"
          hint="The start of a name (or of any word of it), or of a UID."
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_SEARCH_LENGTH * 2}
          defaultValue={defaultValue}
          error={error}
        />
      </div>
      <Button type="submit">Search</Button>
    </Form>
  );
}
