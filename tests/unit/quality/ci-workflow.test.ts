import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

/**
 * The GitHub workflow runs what the CI machine runs (issue 37): `.ci/run`, whose `npm test` is the
 * README's test command, in a Debian container (Debian's Chromium through apt) against a
 * PostgreSQL service that TEST_DATABASE_URL names.
 */
interface Workflow {
  on: { pull_request?: unknown; push?: { branches?: string[] } };
  jobs: Record<
    string,
    {
      'timeout-minutes'?: number;
      container?: { image?: string };
      services?: Record<string, { image?: string; env?: Record<string, string> }>;
      env?: Record<string, string>;
      steps: { run?: string }[];
    }
  >;
}

const workflow = load(readFileSync('.github/workflows/ci.yml', 'utf8')) as Workflow;
const ciRun = readFileSync('.ci/run', 'utf8');
const readme = readFileSync('README.md', 'utf8');

describe('the GitHub workflow', () => {
  const [job] = Object.values(workflow.jobs);

  it('runs on every pull request and on main', () => {
    expect(workflow.on).toHaveProperty('pull_request');
    expect(workflow.on.push?.branches).toEqual(['main']);
  });

  it('calls .ci/run, which runs the README’s test command', () => {
    expect(job!.steps.some((step) => step.run?.trim() === 'bash .ci/run')).toBe(true);
    const testCommand = /`(npm test)`/.exec(readme)?.[1];
    expect(testCommand).toBe('npm test');
    expect(ciRun).toMatch(/^npm test$/m);
  });

  it('uses a Debian image and a PostgreSQL service that TEST_DATABASE_URL names, within the 90 minutes', () => {
    expect(job!.container?.image).toMatch(/bookworm|trixie|debian/);
    const [serviceName, service] = Object.entries(job!.services ?? {})[0]!;
    expect(service.image).toMatch(/^postgres:/);
    expect(service.env?.POSTGRES_DB).toBe('test');
    expect(job!.env?.TEST_DATABASE_URL).toBe(`postgres://postgres@${serviceName}:5432/test`);
    expect(ciRun).toContain('TEST_DATABASE_URL="${TEST_DATABASE_URL:-');
    expect(job!['timeout-minutes']).toBeLessThanOrEqual(90);
  });
});
