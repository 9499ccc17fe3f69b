import { $session, ensureSessionChecked } from '../../stores/session.ts';

/**
 * The shell's two session views (SPEC §2): the way to log in (the top bar's 'Login / Registrieren'
 * and the header's 'Login' buttons), or the top bar's greeting with the account links for the
 * user's type. The page's one session check starts here (SPEC §4); it asks the server only after a
 * login left its hint, never for a reader (decision 0035). While a browser with the hint waits for
 * the answer, public/shell-init.js has hidden the login buttons already (no flash); the answer
 * takes that over.
 */
export function startSessionBar(): void {
  const loggedOut = document.querySelectorAll<HTMLElement>('[data-session-view="loggedOut"]');
  const loggedIn = document.querySelector<HTMLElement>('[data-session-view="loggedIn"]');
  if (!loggedIn) return;
  $session.subscribe(({ status, user }) => {
    // Kept while logged in: an island that hydrates after the answer shows its "wird geprüft" until
    // then, never the login prompt (LoginPrompt.tsx); the buttons are hidden by `hidden` below.
    if (status === 'loggedOut') document.documentElement.removeAttribute('data-session-hint');
    loggedIn.hidden = !user;
    for (const view of loggedOut) view.hidden = Boolean(user);
    if (!user) return;
    for (const field of loggedIn.querySelectorAll<HTMLElement>('[data-user-field]')) {
      field.textContent = field.dataset.userField === 'displayName' ? user.displayName : user.userType;
    }
    for (const link of loggedIn.querySelectorAll<HTMLElement>('[data-for-user-type]')) link.hidden = link.dataset.forUserType !== user.userType;
  });
  void ensureSessionChecked();
}
