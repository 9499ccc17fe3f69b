import type { ReactNode } from 'react';
import { openLoginDialog } from '../../stores/ui.ts';
import { Alert } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { text } from '../ui/classes.ts';
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
        <Alert tone="error">{state.message}</Alert>
      );
    case 'loggedOut':
      return (
        <div className="grid justify-items-start gap-4">
          <Status>{loginText}</Status>
          <Button onClick={openLoginDialog}>Anmelden</Button>
          <p className={text.body}>
            Ohne Kundenkonto kündigen Sie einen Vertrag über unser{' '}
            <a href="/vertraege-kuendigen" className={text.link}>
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
    <p role="status" className={text.lead}>
      {children}
    </p>
  );
}
