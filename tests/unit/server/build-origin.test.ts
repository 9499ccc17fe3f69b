import { describe, expect, it } from 'vitest';
import { withdrawalFormUrl } from '../../../src/lib/legal.ts';
import { buildOrigin } from '../../../src/server/content/build-origin.ts';

/**
 * The pages are built for the origin the functions link to (decision 0041), so the
 * Widerrufsbelehrung on the page names the withdrawal form at the address the contract
 * confirmation PDF and the mails name (issue 35).
 */
describe('buildOrigin', () => {
  const netlify = { URL: 'https://kraus-webentwicklung.netlify.app', DEPLOY_PRIME_URL: 'https://main--kraus-webentwicklung.netlify.app' };

  it('is the production address in production, an operator’s SITE_URL before it', () => {
    expect(buildOrigin({ ...netlify, CONTEXT: 'production' })).toBe('https://kraus-webentwicklung.netlify.app');
    expect(buildOrigin({ ...netlify, CONTEXT: 'production', SITE_URL: 'https://www.kraus-webentwicklung.de/' })).toBe('https://www.kraus-webentwicklung.de');
  });

  it('is a preview’s own address in a preview, as its functions link there, whatever SITE_URL says', () => {
    const preview = { ...netlify, DEPLOY_PRIME_URL: 'https://deploy-preview-42--kraus-webentwicklung.netlify.app', SITE_URL: 'https://www.kraus-webentwicklung.de' };
    expect(buildOrigin({ ...preview, CONTEXT: 'deploy-preview' })).toBe('https://deploy-preview-42--kraus-webentwicklung.netlify.app');
    expect(withdrawalFormUrl(buildOrigin({ ...preview, CONTEXT: 'branch-deploy' }))).toBe(
      'https://deploy-preview-42--kraus-webentwicklung.netlify.app/online-widerrufsformular',
    );
  });

  it('is the local server without Netlify', () => {
    expect(buildOrigin({})).toBe('http://127.0.0.1:4321');
  });
});
