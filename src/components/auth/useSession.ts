import { useStore } from '@nanostores/react';
import { $session, type SessionState } from '../../stores/session.ts';
import { useMounted } from '../ui/useMounted.ts';

const UNKNOWN: SessionState = { status: 'unknown', user: null };

/**
 * `$session` for rendering: 'unknown' during hydration, like the prebuilt HTML, whichever
 * island finished the session check first; the real state from then on.
 */
export function useSession(): SessionState {
  const session = useStore($session);
  return useMounted() ? session : UNKNOWN;
}
