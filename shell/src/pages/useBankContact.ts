// The bank's contact for the shell's status pages' ways forward (public GET /v3/portal/contact), read once
// when the page opens; null until it answers, and when it does not (the page still offers the two ways).
import { API_PATHS, type BankContact } from '@originate/contract';
import { api } from '@originate/web';
import { useEffect, useState } from 'react';

/** `wanted` false (a page that shows no ways forward): nothing is read. */
export function useBankContact(wanted = true): BankContact | null {
  const [contact, setContact] = useState<BankContact | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    api
      .get<BankContact>(API_PATHS.bankContact)
      .then((answer) => live && setContact(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted]);
  return contact;
}
