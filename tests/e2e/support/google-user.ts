/** The person the e2e OpenID provider signs in (a verified address), shared with the specs. */
export const E2E_GOOGLE_USER = { sub: 'e2e-google-user', email: 'greta.google@example.test', name: 'Greta Google' };
