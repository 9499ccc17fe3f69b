import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../client/api.ts';
import { captchaImage, captchaText, captchaTextEarned, captchaValidate } from '../../features/security/routes.ts';
import { routeUrl } from '../../lib/http/route.ts';
import type { PostedCaptcha } from '../../lib/forms/posted-form.ts';
import { captchaMessages } from '../../lib/schemas/security.ts';
import { CAPTCHA_LENGTH } from '../../lib/security/captcha.ts';
import { solveFreshSet, useProofOfWork } from './useProofOfWork.ts';

/** The captcha picture's address; each load issues a new one. */
const PICTURE = routeUrl(captchaImage);

type CaptchaStatus = 'unknown' | 'valid' | 'invalid';

export interface CaptchaState {
  mode: 'image' | 'text';
  /** The picture's address; null while the text alternative is shown, and on a page that keeps a typed code. */
  image: string | null;
  question: string | null;
  loadError: string | null;
  input: string;
  status: CaptchaStatus;
}

export interface SecurityCheckOptions {
  /** False for the declarations (decision 0033): the captcha alone, no proof of work. */
  proofOfWork?: boolean;
  /**
   * Whether the text alternative is earned with proof of work (docs/decisions/0040), as by
   * default wherever the form sends proof of work. The login's challenge (decision 0065) sends
   * only the captcha but must not take a text a script reads for free.
   */
  textWithProofOfWork?: boolean;
  /**
   * True for the declarations, which must work without JavaScript: the picture is in the prebuilt
   * HTML. Other forms load it once the island runs, so that a page merely showing a form (the
   * start page's configurator) issues no captcha, and sets no cookie, for a visitor not using it.
   */
  pictureInHtml?: boolean;
  /** The captcha as the server rendered it for a form post without JavaScript. */
  captcha?: PostedCaptcha;
}

/** Each load of the picture issues a new captcha; a counter makes a new address for 'Neues Bild'. */
let pictureLoads = 0;

/**
 * State and actions of the security check (SPEC §4, §5): the captcha (picture or its text
 * alternative), checked live from six characters and on blur, and the hashcash proof of
 * work, solved in web workers. Both start with the first use of the form (`start`), never with
 * the page: a reader gets no visitor cookie and causes no request (decision 0035). The
 * declarations show the picture as a plain <img> of the picture's route already in the prebuilt
 * HTML and ask for no proof of work (decision 0033).
 */
export function useSecurityCheck({ proofOfWork = true, textWithProofOfWork = proofOfWork, pictureInHtml = false, captcha: initial }: SecurityCheckOptions = {}) {
  const [captcha, setCaptcha] = useState<CaptchaState>({
    mode: 'image',
    image: pictureInHtml ? PICTURE : null,
    question: null,
    loadError: null,
    input: '',
    status: 'unknown',
    ...initial,
  });
  const { hashcash, start: startProofOfWork, reload: loadHashcash } = useProofOfWork(proofOfWork);
  /** The proof of work that earns a text captcha, cancelled by a newer captcha. */
  const textRun = useRef<AbortController | null>(null);
  const lastChecked = useRef('');
  const started = useRef(false);

  const loadCaptcha = useCallback(
    async (mode: 'image' | 'text') => {
      lastChecked.current = '';
      textRun.current?.abort();
      if (mode === 'image') {
        pictureLoads += 1;
        setCaptcha({ mode, image: `${PICTURE}?bild=${pictureLoads}`, question: null, loadError: null, input: '', status: 'unknown' });
        return;
      }
      setCaptcha({ mode, image: null, question: null, loadError: null, input: '', status: 'unknown' });
      try {
        // Outside the declarations the words cost a set of proof of work of their own, as much as a
        // script's reading of the picture (docs/decisions/0040); the question shows the progress.
        let question: string;
        if (textWithProofOfWork) {
          const run = new AbortController();
          textRun.current = run;
          const solutions = await solveFreshSet(run.signal, (solved, total) =>
            setCaptcha((c) => ({ ...c, question: captchaMessages.textPreparing(solved, total) })),
          );
          ({ question } = await api(captchaTextEarned, { body: { solutions }, signal: run.signal }));
        } else {
          ({ question } = await api(captchaText));
        }
        setCaptcha((c) => ({ ...c, question }));
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setCaptcha((c) => ({ ...c, question: null, loadError: captchaMessages.imageFailed }));
      }
    },
    [textWithProofOfWork],
  );

  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    // A picture in the prebuilt HTML is loading already.
    if (!pictureInHtml) void loadCaptcha('image');
    startProofOfWork();
  }, [pictureInHtml, loadCaptcha, startProofOfWork]);

  useEffect(() => () => textRun.current?.abort(), []);

  const checkCaptcha = useCallback(async (input: string) => {
    const code = input.trim();
    if (!code || code === lastChecked.current) return;
    lastChecked.current = code;
    try {
      const { valid } = await api(captchaValidate, { body: { input: code } });
      setCaptcha((c) => (c.input.trim() === code ? { ...c, status: valid ? 'valid' : 'invalid' } : c));
    } catch {
      setCaptcha((c) => (c.input.trim() === code ? { ...c, status: 'invalid' } : c));
    }
  }, []);

  const setCaptchaInput = useCallback(
    (input: string) => {
      setCaptcha((c) => ({ ...c, input, status: 'unknown' }));
      if (input.replace(/\s+/g, '').length >= CAPTCHA_LENGTH) void checkCaptcha(input);
      else lastChecked.current = '';
    },
    [checkCaptcha],
  );

  return {
    captcha,
    hashcash,
    /** The first use of the form (focus or a dropped file): loads captcha and tasks once. */
    start,
    setCaptchaInput,
    /** On blur: check whatever was typed. */
    checkCaptchaNow: () => void checkCaptcha(captcha.input),
    newCaptcha: (mode: 'image' | 'text' = captcha.mode) => void loadCaptcha(mode),
    /** The picture did not load (e.g. too many new pictures a minute). */
    pictureFailed: () => setCaptcha((c) => ({ ...c, loadError: captchaMessages.imageFailed })),
    proofOfWork,
    /** New tasks, solved again; resolves with the solutions (null when it failed). */
    reloadHashcash: loadHashcash,
    /** After a failed submission: a new captcha and new tasks. */
    reloadAll: () => {
      void loadCaptcha(captcha.mode);
      if (proofOfWork) void loadHashcash();
    },
    ready: captcha.status === 'valid' && hashcash.status === 'validated',
  };
}

export type SecurityCheckController = ReturnType<typeof useSecurityCheck>;
