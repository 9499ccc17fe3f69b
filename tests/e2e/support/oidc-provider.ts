/**
 * The OpenID provider of the end-to-end suite, started by playwright.config.ts as a second web
 * server: oauth2-mock-server on 127.0.0.1 (port from OIDC_PORT) with a fresh RS256 key. It
 * approves every authorization at once and signs in one person with a verified address.
 */
import { Events, OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { E2E_GOOGLE_USER } from './google-user.ts';

const port = Number(process.env.OIDC_PORT);
if (!Number.isInteger(port) || port <= 0) {
  console.error(`Ungültiger OIDC_PORT: ${process.env.OIDC_PORT}`);
  process.exit(1);
}

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
server.service.on(Events.BeforeTokenSigning, (token: MutableToken) => {
  // The access token the mock signs first carries a scope; only the ID token gets the person.
  if ('scope' in token.payload) return;
  Object.assign(token.payload, { ...E2E_GOOGLE_USER, email_verified: true });
});
// The mock would name itself localhost; the site is configured with the address it listens on.
server.issuer.url = `http://127.0.0.1:${port}`;
await server.start(port, '127.0.0.1');
console.log(`OpenID-Testanbieter bereit: ${server.issuer.url}`);

const shutdown = () => void server.stop().finally(() => process.exit(0));
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
