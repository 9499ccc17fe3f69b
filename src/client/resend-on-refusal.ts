import { ApiError } from './api.ts';
import type { HashcashSolution } from '../lib/hashcash/index.ts';
import { errorCodes } from '../lib/http/error-codes.ts';

/**
 * Sends with the solutions at hand; when the server refused them (expired while the form was
 * filled in, say), once more with fresh ones. Every form with a proof of work sends through this.
 */
export async function sendWithProofOfWork<T>(
  send: (solutions: HashcashSolution[]) => Promise<T>,
  solutions: HashcashSolution[],
  freshSolutions: () => Promise<HashcashSolution[] | null>,
): Promise<T> {
  try {
    return await send(solutions);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== errorCodes.proofOfWorkRefused) throw error;
    const fresh = await freshSolutions();
    if (!fresh) throw error;
    return send(fresh);
  }
}
