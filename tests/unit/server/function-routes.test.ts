import { describe, expect, it } from 'vitest';
import { compilePattern, isApiPath, matchRoute, routesOf } from '../../../src/server/local/function-routes.ts';

describe('function routes (Netlify config.path syntax)', () => {
  const routes = [
    compilePattern('/api/health', 'health'),
    compilePattern('/api/chat/:conversationId/messages', 'messages'),
    compilePattern('/api/files/*', 'files'),
  ];

  it('matches exact paths, with or without a trailing slash', () => {
    expect(matchRoute(routes, '/api/health')?.route.file).toBe('health');
    expect(matchRoute(routes, '/api/health/')?.route.file).toBe('health');
    expect(matchRoute(routes, '/api/healthz')).toBeUndefined();
  });

  it('extracts named parameters undecoded, as Netlify hands them over (the endpoint decodes them)', () => {
    const match = matchRoute(routes, '/api/chat/a%20b/messages');
    expect(match?.route.file).toBe('messages');
    expect(match?.params).toEqual({ conversationId: 'a%20b' });
    expect(matchRoute(routes, '/api/chat/%ZZ/messages')?.params).toEqual({ conversationId: '%ZZ' });
  });

  it('matches a splat and does not treat dots as wildcards', () => {
    expect(matchRoute(routes, '/api/files/a/b.txt')?.route.file).toBe('files');
    expect(matchRoute([compilePattern('/a.b', 'x')], '/axb')).toBeUndefined();
  });

  it('reads one or several paths from a module config', () => {
    const handler = () => new Response();
    expect(routesOf({ default: handler, config: { path: ['/a', '/b'] } }, 'f').map((r) => r.pattern)).toEqual(['/a', '/b']);
    expect(routesOf({ default: handler }, 'f')).toEqual([]);
  });

  it('reads preferStatic from a module config (Netlify: a file at the path wins)', () => {
    const handler = () => new Response();
    const [files] = routesOf({ default: handler, config: { path: '/_astro/*', preferStatic: true } }, 'f');
    expect(files?.preferStatic).toBe(true);
    expect(routesOf({ default: handler, config: { path: '/api/x' } }, 'f')[0]?.preferStatic).toBe(false);
    expect(compilePattern('/api/x', 'f').preferStatic).toBe(false);
  });

  it('knows which paths belong to the API', () => {
    expect(isApiPath('/api/x')).toBe(true);
    expect(isApiPath('/security/captcha/image.png')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
  });
});
