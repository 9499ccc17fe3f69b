import { beforeAll, describe, expect, it } from 'vitest';
import captchaImage from '../../../netlify/functions/security-captcha-image.mts';
import captchaText from '../../../netlify/functions/security-captcha-text.mts';
import captchaValidate from '../../../netlify/functions/security-captcha-validate.mts';
import hashcashTask from '../../../netlify/functions/security-hashcash-task.mts';
import hashcashValidate from '../../../netlify/functions/security-hashcash-validate.mts';
import { searchNonce, type HashcashTask } from '../../../src/lib/hashcash/index.ts';
import { env } from '../../../src/server/env.ts';
import { CAPTCHA_MAX_FAILURES, captchaAnswer } from '../../../src/server/security/captcha.ts';
import { Visitor } from '../http/visitor.ts';

// Small work for tests; the production defaults are covered by the configuration tests.
process.env.HASHCASH_TASKS = '3';
process.env.HASHCASH_DIFFICULTY = '2';

let secret: string;
beforeAll(() => {
  secret = env().appSecret;
});

/** Loads a picture captcha like the widget does and computes its answer with the server secret. */
async function withImageCaptcha(visitor = new Visitor()) {
  const response = await visitor.call(captchaImage, '/security/captcha/image.png');
  expect(response.status).toBe(200);
  const id = visitor.cookies.get('captcha_id')!;
  return { visitor, answer: captchaAnswer(secret, id, 'image') };
}

function validate(visitor: Visitor, input: unknown) {
  return visitor.call(captchaValidate, '/security/captcha/validate', { method: 'POST', json: { input } });
}

const solve = (task: HashcashTask) => ({ ...task, nonce: searchNonce(task)! });

describe('GET /security/captcha/image.png', () => {
  it('answers the picture itself, never cached, and names its captcha in an HttpOnly cookie – for an <img> without scripts', async () => {
    const visitor = new Visitor();
    const response = await visitor.call(captchaImage, '/security/captcha/image.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('captcha_id='))!;
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Max-Age=600');
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it('works for a browser without any cookie (a reader without scripts) and sets only the captcha cookie', async () => {
    for (const [handler, path] of [
      [captchaImage, '/security/captcha/image.png'],
      [captchaText, '/security/captcha/text'],
    ] as const) {
      const response = await new Visitor().call(handler, path, { visitorCookies: false });
      expect(response.status, path).toBe(200);
      expect(response.headers.getSetCookie().map((c) => c.split('=')[0]), path).toEqual(['captcha_id']);
    }
  });
});

describe('POST /security/captcha/validate', () => {
  it('confirms the right code in any case and does not use it up', async () => {
    const { visitor, answer } = await withImageCaptcha();
    expect(await (await validate(visitor, answer.toLowerCase())).json()).toEqual({ valid: true });
    expect(await (await validate(visitor, ` ${answer} `)).json()).toEqual({ valid: true });
  });

  it('refuses a wrong code and kills the captcha after repeated wrong guesses', async () => {
    const { visitor, answer } = await withImageCaptcha();
    const wrong = answer === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < CAPTCHA_MAX_FAILURES; i++) {
      expect(await (await validate(visitor, wrong)).json()).toEqual({ valid: false });
    }
    expect(await (await validate(visitor, answer)).json()).toEqual({ valid: false });
  });

  it('refuses a captcha cookie the server never issued, and none at all', async () => {
    const { visitor, answer } = await withImageCaptcha();
    visitor.cookies.set('captcha_id', 'A'.repeat(24));
    expect(await (await validate(visitor, answer)).json()).toEqual({ valid: false });
    visitor.cookies.delete('captcha_id');
    expect(await (await validate(visitor, answer)).json()).toEqual({ valid: false });
  });

  it('refuses the old picture once a new one was loaded', async () => {
    const { visitor, answer } = await withImageCaptcha();
    const { answer: newAnswer } = await withImageCaptcha(visitor);
    expect(newAnswer).not.toBe(answer);
    expect(await (await validate(visitor, answer)).json()).toEqual({ valid: false });
  });

  it('answers bad input with a German 400', async () => {
    const { visitor } = await withImageCaptcha();
    const missing = await validate(visitor, '');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ errors: { input: 'Sicherheitscode ist erforderlich' } });
    const wrongType = await validate(visitor, 123456);
    expect(wrongType.status).toBe(400);
    const notJson = await visitor.call(captchaValidate, '/security/captcha/validate', {
      method: 'POST',
      body: 'input=ABCDEF',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(415);
  });
});

describe('GET /security/captcha/text (accessible alternative)', () => {
  it('asks for six digits written as German words and replaces the picture', async () => {
    const { visitor, answer: pictureAnswer } = await withImageCaptcha();
    const response = await visitor.call(captchaText, '/security/captcha/text');
    const { question } = (await response.json()) as { question: string };
    const answer = captchaAnswer(secret, visitor.cookies.get('captcha_id')!, 'text');
    expect(answer).toMatch(/^\d{6}$/);
    const words = ['null', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'];
    expect(question).toBe(`Bitte geben Sie diese Ziffern als Zahl ein: ${[...answer].map((d) => words[Number(d)]).join(', ')}.`);
    expect(await (await validate(visitor, pictureAnswer)).json()).toEqual({ valid: false });
    expect(await (await validate(visitor, answer)).json()).toEqual({ valid: true });
  });
});

describe('hashcash endpoints', () => {
  async function tasks(visitor = new Visitor()) {
    const response = await visitor.call(hashcashTask, '/security/hashcash/task');
    expect(response.status).toBe(200);
    return ((await response.json()) as { tasks: HashcashTask[] }).tasks;
  }

  it('issues the configured number of tasks with the configured difficulty', async () => {
    const issued = await tasks();
    expect(issued).toHaveLength(3);
    expect(issued.every((t) => t.difficulty === 2)).toBe(true);
  });

  it('validates solutions per task without using them up', async () => {
    const visitor = new Visitor();
    const solutions = (await tasks(visitor)).map(solve);
    const check = async (list: unknown) =>
      (await visitor.call(hashcashValidate, '/security/hashcash/validate', { method: 'POST', json: { solutions: list } })).json();
    expect(await check(solutions)).toEqual({ valid: true, results: [true, true, true] });
    expect(await check(solutions)).toEqual({ valid: true, results: [true, true, true] });

    let wrongNonce = 0;
    while (searchNonce({ ...solutions[1]!, text: solutions[1]!.text }, wrongNonce, 1) === wrongNonce) wrongNonce++;
    const broken = [solutions[0], { ...solutions[1]!, nonce: wrongNonce }, solutions[2]];
    expect(await check(broken)).toEqual({ valid: false, results: [true, false, true] });
    // The same task three times is not three tasks.
    expect(await check([solutions[0], solutions[0], solutions[0]])).toEqual({ valid: false, results: [true, true, true] });
    expect(await check(solutions.slice(0, 2))).toEqual({ valid: false, results: [true, true] });
  });

  it('answers malformed solutions with a German 400', async () => {
    const visitor = new Visitor();
    await tasks(visitor);
    for (const solutions of [[], [{ text: 'x', nonce: 1.5, difficulty: 2 }], [{ text: 'x', nonce: 10_000_000, difficulty: 2 }], 'x']) {
      const response = await visitor.call(hashcashValidate, '/security/hashcash/validate', { method: 'POST', json: { solutions } });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string };
      expect(body.message).toMatch(/[äöüÄÖÜß]|Bitte|Hashcash/);
    }
  });
});
