import { beforeAll, describe, expect, it } from 'vitest';
import demoRequest from '../../../netlify/functions/forms-demo-request.mts';
import withdrawal from '../../../netlify/functions/forms-withdrawal.mts';
import captchaText from '../../../netlify/functions/security-captcha-text.mts';
import hashcashTask from '../../../netlify/functions/security-hashcash-task.mts';
import { searchNonce, type HashcashTask } from '../../../src/lib/hashcash/index.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { CAPTCHA_MAX_FAILURES } from '../../../src/server/security/captcha.ts';
import { securityCheckMessages } from '../../../src/server/security/check.ts';
import { Visitor } from '../http/visitor.ts';
import { declarationVisitor, marker, preparedVisitor } from '../forms/helpers.ts';

const DIGIT_WORDS = ['null', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'];

/** What a three-line script does with the text alternative: read the digit words back. */
function readDigitWords(question: string): string {
  return question
    .split(':')[1]!
    .replace('.', '')
    .split(',')
    .map((word) => String(DIGIT_WORDS.indexOf(word.trim())))
    .join('');
}

async function solvedSet(visitor: Visitor) {
  const { tasks } = (await (await visitor.call(hashcashTask, '/security/hashcash/task')).json()) as { tasks: HashcashTask[] };
  return tasks.map((task) => ({ ...task, nonce: searchNonce(task)! }));
}

const demoFields = () => ({ name: 'Max Muster', email: 'max@example.test', company: marker('Skript GmbH'), product: 'timetracking', preferred_date: '' });
const sendDemo = (visitor: Visitor, body: unknown) => visitor.call(demoRequest, '/api/forms/demo-request', { method: 'POST', json: body });

beforeAll(async () => {
  await getDb();
});

describe('the text alternative of the captcha costs a script proof of work', () => {
  it('a text captcha fetched without proof of work does not open a form that asks for proof of work', async () => {
    const visitor = new Visitor();
    const { question } = (await (await visitor.call(captchaText, '/security/captcha/text')).json()) as { question: string };
    const response = await sendDemo(visitor, { ...demoFields(), captcha: readDigitWords(question), hashcash_solutions: await solvedSet(visitor) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { captcha: securityCheckMessages.captchaInvalid } });
  });

  it('costs a full set of solutions of its own, which cannot serve as the form’s proof of work again', async () => {
    const visitor = new Visitor();
    const refused = await visitor.call(captchaText, '/security/captcha/text', { method: 'POST', json: { solutions: [] } });
    expect(refused.status).toBe(400);

    const earned = await solvedSet(visitor);
    const answer = await visitor.call(captchaText, '/security/captcha/text', { method: 'POST', json: { solutions: earned } });
    expect(answer.status).toBe(200);
    const { question } = (await answer.json()) as { question: string };
    // Spent on the words: the same solutions do not also pay for the form.
    const replayed = await sendDemo(visitor, { ...demoFields(), captcha: readDigitWords(question), hashcash_solutions: earned });
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({ errors: { hashcash_solutions: securityCheckMessages.hashcashFailed } });

    const again = await visitor.call(captchaText, '/security/captcha/text', { method: 'POST', json: { solutions: await solvedSet(visitor) } });
    const words = ((await again.json()) as { question: string }).question;
    const accepted = await sendDemo(visitor, { ...demoFields(), captcha: readDigitWords(words), hashcash_solutions: await solvedSet(visitor) });
    expect(accepted.status).toBe(201);
  });

  it('a declaration keeps its text alternative without proof of work (decision 0033)', async () => {
    const visitor = new Visitor();
    const { question } = (await (await visitor.call(captchaText, '/security/captcha/text')).json()) as { question: string };
    const response = await visitor.call(withdrawal, '/api/forms/withdrawal', {
      method: 'POST',
      json: { contract: marker('Webapp Basis'), name: 'Özlem Yıldız', email: 'oezlem@example.test', captcha: readDigitWords(question) },
    });
    expect(response.status).toBe(201);
  });
});

describe('wrong guesses sent with a form', () => {
  it('count although the submission is refused: after CAPTCHA_MAX_FAILURES the right code is refused too', async () => {
    const { visitor, security } = await preparedVisitor();
    const wrong = security.captcha === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < CAPTCHA_MAX_FAILURES; i++) {
      expect((await sendDemo(visitor, { ...demoFields(), ...security, captcha: wrong })).status).toBe(400);
    }
    const response = await sendDemo(visitor, { ...demoFields(), ...security });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { captcha: securityCheckMessages.captchaInvalid } });
  });

  it('count on a declaration as well', async () => {
    const { visitor, security } = await declarationVisitor();
    const fields = { contract: marker('Webapp Basis'), name: 'Özlem Yıldız', email: 'oezlem@example.test' };
    const send = (captcha: string) => visitor.call(withdrawal, '/api/forms/withdrawal', { method: 'POST', json: { ...fields, captcha } });
    for (let i = 0; i < CAPTCHA_MAX_FAILURES; i++) expect((await send(security.captcha === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA')).status).toBe(400);
    expect((await send(security.captcha)).status).toBe(400);
  });
});
