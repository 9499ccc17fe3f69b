/**
 * The readable cookie that tells our pages there is a session worth checking (decision 0035).
 * It holds nothing but '1' and lives exactly as long as the session cookie; without it a page
 * skips the session check, so a reader causes no request to /api.
 */
export const SIGNED_IN_COOKIE = 'signed_in';
