/// <reference lib="webworker" />
import { searchNonce } from './index.ts';
import type { SolveRequest, SolveResponse } from './protocol.ts';
import { createSimdSearch } from './simd-search.ts';

/** WebAssembly SIMD where the browser has it and the CSP allows compiling it, else the JS search. */
const search = createSimdSearch() ?? searchNonce;

/** One solver thread: solves whole tasks, one per message, and answers with the nonce (or null). */
self.onmessage = (event: MessageEvent<SolveRequest>) => {
  const { index, task } = event.data;
  const answer: SolveResponse = { index, nonce: search(task) };
  self.postMessage(answer);
};
