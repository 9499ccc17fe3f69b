// Runs before the first paint (a blocking external script: the CSP allows no inline scripts) and
// prepares what the page shell (src/scripts/shell/) takes over once it runs:
// - the theme: stored choice, else the system preference (same rule as src/lib/theme.ts);
// - the cookie notice: marked open unless it was closed before, so it shows without a flash;
// - the `js` class: controls that need a script (the header's 'Produkte' button) show, their
//   stand-ins for a browser without JavaScript hide;
// - the signed-in hint (decision 0035): a browser with a session hides the login buttons from the
//   first paint until the session check answers that there is none (src/scripts/shell/session-bar.ts);
//   the pages for logged-in users show the session check instead of the login prompt (LoginPrompt.tsx);
// - clicks on the shell's controls before the shell runs are kept and handled by it then, so no
//   first click is lost (issue 22).
(function () {
  var root = document.documentElement;
  function stored(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null; // storage blocked
    }
  }
  var theme = stored('theme');
  var dark = theme === 'dark' || (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';

  root.classList.add('js');

  var signedIn = (root.getAttribute('data-signed-in-cookies') || '').split(' ');
  var hint = document.cookie.split(';').some(function (part) {
    var pair = part.trim().split('=');
    return signedIn.indexOf(pair[0]) >= 0 && Boolean(pair[1]); // as src/stores/session.ts reads it
  });
  if (hint) root.setAttribute('data-session-hint', 'signed-in');

  var noticeKey = root.getAttribute('data-cookie-notice-key');
  if (noticeKey && stored(noticeKey) !== 'closed') root.setAttribute('data-cookie-notice', 'open');

  var early = [];
  window.shellEarlyClicks = early;
  document.addEventListener('click', function (event) {
    if (window.shellEarlyClicks !== early) return; // the shell runs and handles clicks itself
    var control = event.target instanceof Element ? event.target.closest('[data-action]') : null;
    if (control) early.push(control);
  });
})();
