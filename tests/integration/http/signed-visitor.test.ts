import { describe, expect, it } from 'vitest';
import visitorCookies from '../../../netlify/functions/visitor.mts';
import { startChat, tempId } from '../chat/helpers.ts';
import { Visitor } from './visitor.ts';

/** Issue 21: the visitor cookie carries our HMAC; an id a client chose is no visitor at all. */
describe('signed visitor cookie', () => {
  it('replaces a forged or unsigned visitor id with a new signed one', async () => {
    for (const forged of ['selbst-gewaehlt', 'selbst-gewaehlt.falsche-signatur']) {
      const visitor = new Visitor();
      visitor.cookies.set('visitor_id', forged);
      const response = await visitor.call(visitorCookies, '/api/visitor');
      expect(response.status).toBe(204);
      const issued = visitor.cookies.get('visitor_id')!;
      expect(issued).not.toBe(forged);
      expect(issued).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    }
  });

  it('refuses a request that requires a visitor when its cookie is forged (403)', async () => {
    const visitor = new Visitor();
    await visitor.call(visitorCookies, '/api/visitor');
    const [id] = visitor.cookies.get('visitor_id')!.split('.');
    visitor.cookies.set('visitor_id', `${id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
    expect((await startChat(visitor, { text: 'Hallo', tempId: tempId() })).status).toBe(403);
  });
});
