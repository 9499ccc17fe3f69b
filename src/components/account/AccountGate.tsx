import type { ReactNode } from 'react';
import { openLoginDialog } from '../../stores/ui.ts';
import { auth } from '../auth/styles.ts';
import { info } from '../info/styles.ts';
import type { OverviewState } from './useAccountOverview.ts';

/**
 * What the customer area shows until the overview is there: the session check, a visitor's way
 * to log in (the login dialog; after it the page fills in place), loading and a failure.
 * The dialog is not opened by itself: a visitor following a link here may just want to look.
 */
export function AccountGate({ state, loginText }: { state: Exclude<OverviewState, { status: 'ready' }>; loginText: string }) {
  switch (state.status) {
    case 'checking':
      return <Status>Ihre Anmeldung wird geprüft …</Status>;
    case 'loading':
      return <Status>Ihre Verträge werden geladen …</Status>;
    case 'failed':
      return (
        <p role="alert" className="font-medium text-red-700 dark:text-red-300">
          {state.message}
        </p>
      );
    case 'loggedOut':
      return (
        <div className="grid justify-items-start gap-4">
          <Status>{loginText}</Status>
          <button type="button" className={auth.primary} onClick={openLoginDialog}>
            Anmelden
          </button>
          <p className={info.body}>
            Ohne Kundenkonto kündigen Sie einen Vertrag über unser{' '}
            <a href="/vertraege-kuendigen" className={info.link}>
              Kündigungsformular
            </a>
            .
          </p>
        </div>
      );
  }
}

function Status({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-lg text-slate-700 dark:text-slate-300">
      {children}
    </p>
  );
}
