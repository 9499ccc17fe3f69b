import type { ConfiguratorState } from '../schemas/configurator.ts';

/** The state after a change; the two form flags of SPEC §3 always follow the active tab. */
export function withChange(state: ConfiguratorState, change: Partial<ConfiguratorState>): ConfiguratorState {
  const next = { ...state, ...change };
  return { ...next, showAppForm: next.activeTab === 'app-development', showSupportForm: next.activeTab === 'support' };
}
