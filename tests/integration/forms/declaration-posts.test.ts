import { beforeAll, describe, expect, it } from 'vitest';
import contact from '../../../netlify/functions/inquiry.mts';
import cancellation from '../../../netlify/functions/forms-cancellation.mts';
import withdrawal from '../../../netlify/functions/forms-withdrawal.mts';
import { formatReceivedAt } from '../../../src/lib/forms/dates.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { env } from '../../../src/server/env.ts';
import { captchaAnswer } from '../../../src/server/security/captcha.ts';
import { Visitor } from '../http/visitor.ts';
import { declarationVisitor, mailsContaining, marker, rowCount } from './helpers.ts';

/**
 * Decision 0033: a reader without JavaScript posts the declaration forms as
 * application/x-www-form-urlencoded, has no CSRF cookie and no proof of work, and is answered
 * with HTML pages.
 */

type Handler = typeof cancellation;

/** A reader without scripts: the picture's captcha cookie only, never a visitor or CSRF cookie. */
async function readerWithoutScripts() {
  const { visitor, security } = await declarationVisitor();
  for (const name of [...visitor.cookies.keys()]) if (name !== 'captcha_id') visitor.cookies.delete(name);
  return { visitor, security };
}

/** A plain form post as a browser sends it: Origin and Sec-Fetch-Site, no CSRF header. */
function formPost(visitor: Visitor, handler: Handler, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return visitor.call(handler, path, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    csrf: false,
  });
}

function cancellationFields(contract: string, email = 'gast@example.test'): Record<string, string> {
  return {
    contract_name: contract,
    customer_id: '',
    order_id: '',
    type_of_cancellation: 'regular',
    end_of_contract_period: 'select',
    firstname: 'Jürgen',
    lastname: 'Weiß',
    street: '',
    street_extra: '',
    postcode: '',
    locality: '',
    country: 'Deutschland',
    email,
    annotation: '',
    captcha_kind: 'image',
  };
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');

beforeAll(async () => {
  await getDb();
});

describe('a cancellation posted without JavaScript', () => {
  it('is stored and answered with an HTML receipt: number, date and time, content, effective on receipt, the identity link before any change', async () => {
    const contract = marker('Hosting ohne Skript');
    const { visitor, security } = await readerWithoutScripts();
    const before = await rowCount('cancellations');
    const response = await formPost(visitor, cancellation, '/api/forms/cancellation', { ...cancellationFields(contract), ...security });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('content-security-policy')).not.toContain('script-src');
    const html = await response.text();
    expect(html.startsWith('<!DOCTYPE html><html lang="de">')).toBe(true);
    expect(html).not.toContain('<script');
    expect(await rowCount('cancellations')).toBe(before + 1);

    const { rows } = await (await getDb()).query<{ id: number; received_at: Date; street: string }>(
      'SELECT id, received_at, street FROM cancellations WHERE contract_name = $1',
      [contract],
    );
    const { id, received_at, street } = rows[0]!;
    expect(street).toBe('');
    const { date, time } = formatReceivedAt(received_at);
    const page = text(html);
    expect(page).toContain('Eingangsbestätigung');
    expect(page).toContain(`Eingangsnummer ${id}`);
    expect(page).toContain(`Eingegangen am ${date} um ${time}`);
    expect(page).toContain(`Vertrag ${contract}`);
    expect(page).toContain('Name Jürgen Weiß');
    expect(page).toContain('Ihre Kündigung ist mit dem Eingang bei uns wirksam. Das Vertragsende berechnen wir ab dem Tag des Eingangs.');
    expect(page).toContain('Den Vertrag ändern wir erst, wenn wir wissen, dass die Kündigung vom Vertragsinhaber stammt: Bitte bestätigen Sie sie mit dem Link in der E-Mail.');
    // The page names no contract and no end the sender did not type (decision 0054).
    expect(page).not.toContain('Der Vertrag endet am');
    expect(html).toContain('href="/online-widerrufsformular"');
    expect(html).toContain('href="/vertraege-kuendigen"');

    const [receipt, notification] = await mailsContaining(contract);
    expect(receipt!.recipient).toBe('gast@example.test');
    expect(receipt!.text_body).toContain(`Eingegangen am ${date} um ${time}.`);
    expect(receipt!.text_body).toContain('Ihre Kündigung ist mit dem Eingang bei uns wirksam.');
    expect(receipt!.text_body).toContain('Bitte bestätigen Sie mit diesem Link, dass sie von Ihnen stammt:');
    expect(notification).toBeDefined();
  });

  it('answers a missing field with the form again: 400, the German error at the field and above, everything typed kept, nothing stored', async () => {
    const contract = marker('Webapp');
    const { visitor, security } = await readerWithoutScripts();
    const before = await rowCount('cancellations');
    const response = await formPost(visitor, cancellation, '/api/forms/cancellation', { ...cancellationFields(contract), lastname: '', annotation: 'Bitte schnell', ...security });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(await rowCount('cancellations')).toBe(before);
    expect(html).toMatch(/<form [^>]*action="\/api\/forms\/cancellation"/);
    expect(html).toMatch(/<form [^>]*method="post"/);
    expect(html).toMatch(/<div role="alert"[^>]*>.*Bitte überprüfen Sie Ihre Eingaben\..*href="#cancel-lastname"[^>]*>Nachname ist erforderlich<\/a>/s);
    expect(html).toMatch(/<input [^>]*id="cancel-lastname"[^>]*aria-invalid="true"[^>]*aria-describedby="cancel-lastname-error"[^>]*name="lastname"/);
    expect(html).toContain('<p id="cancel-lastname-error"');
    expect(html).toMatch(new RegExp(`name="contract_name"[^>]*value="${contract}"`));
    expect(html).toMatch(/name="firstname"[^>]*value="Jürgen"/);
    expect(html).toContain('>Bitte schnell</textarea>');
    // A new picture for a new try; the code typed for the old one is not kept.
    expect(html).toMatch(/<img src="\/security\/captcha\/image.png"/);
    expect(html).toMatch(/name="captcha" value=""/);
  });

  it('answers a wrong code with the form again and the German message at the code', async () => {
    const { visitor } = await readerWithoutScripts();
    const before = await rowCount('cancellations');
    const response = await formPost(visitor, cancellation, '/api/forms/cancellation', { ...cancellationFields(marker('X')), captcha: 'ZZZZZZ9' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(await rowCount('cancellations')).toBe(before);
    expect(html).toContain('href="#cancel-captcha-input"');
    expect(text(html)).toContain('Der Sicherheitscode ist falsch oder abgelaufen. Bitte laden Sie einen neuen Code.');
    expect(html).toMatch(/name="firstname"[^>]*value="Jürgen"/);
  });

  it("shows the text alternative on 'Code als Text anzeigen', keeps what was typed, and accepts the digits", async () => {
    const contract = marker('Domain');
    const { visitor } = await readerWithoutScripts();
    const fields = cancellationFields(contract);
    const switched = await formPost(visitor, cancellation, '/api/forms/cancellation', { ...fields, captcha: '', captcha_mode: 'text' });
    expect(switched.status).toBe(200);
    const html = await switched.text();
    expect(html).not.toContain('<img');
    expect(text(html)).toMatch(/Bitte geben Sie diese Ziffern als Zahl ein: (?:(?:null|eins|zwei|drei|vier|fünf|sechs|sieben|acht|neun)(?:, )?){6}\./);
    expect(html).toMatch(new RegExp(`name="contract_name"[^>]*value="${contract}"`));
    expect(html).toContain('name="captcha_kind" value="text"');

    const digits = captchaAnswer(env().appSecret, visitor.cookies.get('captcha_id')!, 'text');
    const sent = await formPost(visitor, cancellation, '/api/forms/cancellation', { ...fields, captcha_kind: 'text', captcha: digits });
    expect(sent.status).toBe(201);
    expect(await mailsContaining(contract)).toHaveLength(2);
  });

  it('refuses a form post from a foreign site (403) and nothing is stored', async () => {
    const { visitor, security } = await readerWithoutScripts();
    const before = await rowCount('cancellations');
    const foreign = await formPost(visitor, cancellation, '/api/forms/cancellation', { ...cancellationFields(marker('F')), ...security }, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(foreign.status).toBe(403);
    expect(await rowCount('cancellations')).toBe(before);
  });

  it('is only accepted by the declarations: the contact form answers a form post with 415', async () => {
    const visitor = new Visitor();
    await visitor.call(contact, '/api/inquiry'); // the CSRF cookie of a JavaScript visitor
    const response = await visitor.call(contact, '/api/inquiry', {
      method: 'POST',
      body: 'name=Max&email=max%40example.test&message=Hallo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
  });
});

describe('a withdrawal posted without JavaScript', () => {
  const fields = (contract: string) => ({ contract, name: 'Özlem Yıldız', email: 'oezlem@example.test', captcha_kind: 'image' });

  it('shows the declaration to confirm first (§ 356a BGB), then stores it on "Widerruf bestätigen" and answers the receipt', async () => {
    const contract = marker('Webapp Basis ohne Skript');
    const { visitor, security } = await readerWithoutScripts();
    const before = await rowCount('withdrawals');

    const review = await formPost(visitor, withdrawal, '/api/forms/withdrawal', { ...fields(contract), ...security });
    expect(review.status).toBe(200);
    const reviewHtml = await review.text();
    expect(await rowCount('withdrawals')).toBe(before);
    expect(text(reviewHtml)).toContain('Bitte prüfen Sie Ihren Widerruf');
    expect(text(reviewHtml)).toContain('Widerruf bestätigen');
    expect(reviewHtml).toContain('name="confirmed" value="1"');
    // The checked code travels on; no new picture would replace it.
    expect(reviewHtml).not.toContain('<img');
    expect(reviewHtml).toContain(`name="captcha" value="${security.captcha}"`);

    const response = await formPost(visitor, withdrawal, '/api/forms/withdrawal', { ...fields(contract), ...security, confirmed: '1' });
    expect(response.status).toBe(201);
    const page = text(await response.text());
    const { rows } = await (await getDb()).query<{ id: number; received_at: Date }>('SELECT id, received_at FROM withdrawals WHERE contract = $1', [contract]);
    const { date, time } = formatReceivedAt(rows[0]!.received_at);
    expect(page).toContain('Eingangsbestätigung');
    expect(page).toContain(`Eingangsnummer ${rows[0]!.id}`);
    expect(page).toContain(`Eingegangen am ${date} um ${time}`);
    expect(page).toContain(`Vertrag oder Produkt ${contract}`);
    expect(page).toContain('Ihr Widerruf ist mit dem Eingang bei uns wirksam.');
    const [receipt] = await mailsContaining(contract);
    expect(receipt!.text_body).toContain('Ihr Widerruf ist mit dem Eingang bei uns wirksam.');
  });

  it('answers a missing e-mail with the form, the German error and the typed values; a wrong code is refused before the second step', async () => {
    const { visitor, security } = await readerWithoutScripts();
    const missing = await formPost(visitor, withdrawal, '/api/forms/withdrawal', { ...fields('Hosting'), email: '', ...security });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain('href="#withdrawal-email"');
    expect(text(html)).toContain('E-Mail ist erforderlich');
    expect(html).toMatch(/name="name"[^>]*value="Özlem Yıldız"/);

    const wrong = await formPost(visitor, withdrawal, '/api/forms/withdrawal', { ...fields('Hosting'), captcha: 'ZZZZZZ9' });
    expect(wrong.status).toBe(400);
    expect(text(await wrong.text())).toContain('Der Sicherheitscode ist falsch oder abgelaufen.');
  });
});
