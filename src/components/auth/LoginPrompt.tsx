import type { ReactNode } from 'react';
import { Button } from '../ui/Button.tsx';
import { text } from '../ui/classes.ts';

/**
 * What a page for logged-in users shows until it has a user: why to log in and the way to (the
 * login dialog), or, while the session check runs, that it runs.
 *
 * While it runs (`checking`, which is also what the server-rendered page shows) both views stand in
 * the page and the signed-in hint of public/shell-init.js picks one before the first paint: a
 * browser without a login sees the prompt at once and keeps it when the check answers, so nothing
 * moves (the footer's shift under a one-line "wird geprüft" cost /kundenbereich its Lighthouse 100);
 * a browser with a login sees that it is checked. The button is a shell control (data-action), so it
 * opens the dialog before the island has hydrated too.
 */
export function LoginPrompt({ checking, loginText, children }: { checking: boolean; loginText: string; children?: ReactNode }) {
  const prompt = (
    <div className="grid justify-items-start gap-4" data-session-guess={checking ? 'loggedOut' : undefined}>
      <Status>{loginText}</Status>
      <Button data-action="login">Anmelden</Button>
      {children}
    </div>
  );
  if (!checking) return prompt;
  return (
    <>
      <div data-session-guess="loggedIn">
        <Status>Ihre Anmeldung wird geprüft …</Status>
      </div>
      {prompt}
    </>
  );
}

export function Status({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={text.lead}>
      {children}
    </p>
  );
}
