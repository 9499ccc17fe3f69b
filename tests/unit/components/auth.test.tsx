// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../../src/components/auth/AuthProvider.tsx';

describe('auth context', () => {
  afterEach(cleanup);

  it('refuses to be used outside its provider', () => {
    function Orphan() {
      useAuth();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow('useAuth darf nur innerhalb von <AuthProvider> verwendet werden.');
    vi.restoreAllMocks();
  });
});
