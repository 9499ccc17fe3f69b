import { $session, ensureSessionChecked } from '../../stores/session.ts';

/**
 * The top bar's two views (SPEC §2): the way to log in, or the greeting with the account links
 * for the user's type. The page's one session check starts here (SPEC §4); it asks the server only
 * after a login left its hint, never for a reader (decision 0035).
 */
export function startSessionBar(): void {
  const loggedOut = document.querySelector<HTMLElement>('[data-session-view="loggedOut"]');
  const loggedIn = document.querySelector<HTMLElement>('[data-session-view="loggedIn"]');
  if (!loggedOut || !loggedIn) return;
  $session.subscribe(({ user }) => {
    loggedIn.hidden = !user;
    loggedOut.hidden = Boolean(user);
    if (!user) return;
    for (const field of loggedIn.querySelectorAll<HTMLElement>('[data-user-field]')) {
      field.textContent = field.dataset.userField === 'displayName' ? user.displayName : user.userType;
    }
    for (const link of loggedIn.querySelectorAll<HTMLElement>('[data-for-user-type]')) link.hidden = link.dataset.forUserType !== user.userType;
  });
  void ensureSessionChecked();
}
