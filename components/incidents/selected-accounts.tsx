"use client";

import { chosenOf, useSelection } from "@/components/ui/selection";
import { ActOnAccounts, type AccountActions } from "./act-on-accounts";

type SelectedAccountsProps = {
  searchId: string;
  group: string | null;
  blockFor: string | null;
  allowed: AccountActions;
  canBreakGlass: boolean;
};

/** The actions on the senders selected in a search's table. */
export function SelectedAccounts(props: SelectedAccountsProps) {
  const selection = useSelection();
  return <ActOnAccounts uids={selection ? chosenOf(selection) : []} {...props} />;
}
