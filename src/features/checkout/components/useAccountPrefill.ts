import { useEffect, useRef } from 'react';
import type { CheckoutValues } from '../order-form.ts';
import { ensureSessionChecked } from '../../../stores/session.ts';
import { useSession } from '../../../components/auth/useSession.ts';
import type { FormFields } from '../../../components/forms/useFormFields.ts';

/**
 * A logged-in customer's checkout starts with the account's name and address (issue 36): once
 * per account, as soon as the session is known, and only into fields still empty – what was typed
 * before the session check answered stays. The fields stay editable: the billing name may differ
 * from the account's display name.
 */
export function useAccountPrefill(form: Pick<FormFields<CheckoutValues>, 'prefill'>): void {
  const { user } = useSession();
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    void ensureSessionChecked();
  }, []);
  useEffect(() => {
    if (!user || filledFor.current === user.userId) return;
    filledFor.current = user.userId;
    form.prefill({ name: user.displayName, email: user.email });
    // Once per account, not with every render's new form object.
  }, [user]);
}
