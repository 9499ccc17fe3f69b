/// <reference lib="webworker" />
import { searchNonce } from './index.ts';
import type { SolveRequest, SolveResponse } from './protocol.ts';

/** One solver thread: solves whole tasks, one per message, and answers with the nonce (or null). */
self.onmessage = (event: MessageEvent<SolveRequest>) => {
  const { index, task } = event.data;
  const answer: SolveResponse = { index, nonce: searchNonce(task) };
  self.postMessage(answer);
};
