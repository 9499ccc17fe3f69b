// Applies the theme before the first paint (a blocking external script: the CSP allows no
// inline scripts). Same rule as src/lib/theme.ts: stored choice, else the system preference.
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem('theme');
  } catch {
    // storage blocked
  }
  var dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
