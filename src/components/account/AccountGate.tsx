import { LoginPrompt, Status } from '../auth/LoginPrompt.tsx';
import { Alert } from '../ui/Alert.tsx';
import { text } from '../ui/classes.ts';
import type { OverviewState } from './useAccountOverview.ts';

/**
 * What the customer area shows until the overview is there: the session check or a visitor's way
 * to log in (LoginPrompt; after the login the page fills in place), loading and a failure.
 * The dialog is not opened by itself: a visitor following a link here may just want to look.
 */
export function AccountGate({ state, loginText }: { state: Exclude<OverviewState, { status: 'ready' }>; loginText: string }) {
  switch (state.status) {
    case 'loading':
      return <Status>Ihre Verträge werden geladen …</Status>;
    case 'failed':
      return (
        <Alert tone="error">{state.message}</Alert>
      );
    case 'checking':
    case 'loggedOut':
      return (
        <LoginPrompt checking={state.status === 'checking'} loginText={loginText}>
          <p className={text.body}>
            Ohne Kundenkonto kündigen Sie einen Vertrag über unser{' '}
            <a href="/vertraege-kuendigen" className={text.link}>
              Kündigungsformular
            </a>
            .
          </p>
        </LoginPrompt>
      );
  }
}
