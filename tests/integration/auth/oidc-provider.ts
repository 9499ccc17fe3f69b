import { Events, OAuth2Server, type MutableResponse, type MutableToken } from 'oauth2-mock-server';

/**
 * A local OpenID provider for the Google sign-in tests: oauth2-mock-server on 127.0.0.1 with a
 * fresh RS256 key. It approves every authorization at once; each test says which person signs
 * in (the claims of the next ID token) and may tamper with the token or the token answer.
 */
export class TestProvider {
  readonly server = new OAuth2Server();

  get issuer(): string {
    return this.server.issuer.url!;
  }

  async start(): Promise<void> {
    await this.server.issuer.keys.generate('RS256');
    await this.server.start(0, '127.0.0.1');
    // The mock names itself localhost; use the address it listens on, as the e2e provider does.
    this.server.issuer.url = `http://127.0.0.1:${this.server.address().port}`;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  /**
   * The next ID token gets these claims, then `tamper` may change it further. The access token
   * the mock signs first carries a scope; the ID token has none, which tells them apart.
   */
  nextIdToken(claims: Record<string, unknown>, tamper?: (token: MutableToken) => void): void {
    const service = this.server.service;
    const hook = (token: MutableToken) => {
      if ('scope' in token.payload) return;
      service.off(Events.BeforeTokenSigning, hook);
      Object.assign(token.payload, claims);
      tamper?.(token);
    };
    service.on(Events.BeforeTokenSigning, hook);
  }

  /** Rewrites the ID token in the next token answer after it was signed. */
  nextTokenAnswer(rewrite: (idToken: string) => string): void {
    this.server.service.once(Events.BeforeResponse, (response: MutableResponse) => {
      const body = response.body as { id_token: string };
      body.id_token = rewrite(body.id_token);
    });
  }
}
