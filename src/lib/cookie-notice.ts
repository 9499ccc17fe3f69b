/**
 * Where the closed cookie notice is remembered. Versioned: a new text (e.g. once optional cookies
 * exist) gets a new key and shows again. The page names it on <html> for public/shell-init.js.
 */
export const COOKIE_NOTICE_KEY = 'cookie-notice-v1';
