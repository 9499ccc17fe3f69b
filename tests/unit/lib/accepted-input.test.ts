import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { OptionalFutureDateSchema } from '../../../src/lib/schemas/forms/common.ts';
import { acceptedInput } from '../../../src/lib/schemas/issues.ts';

describe('acceptedInput: what a browser sends to a route that reads it with the same schema', () => {
  const request = v.object({ preferred_date: OptionalFutureDateSchema });

  it('gives back the value as typed, so the server can read it once more – the date stays German', () => {
    const typed = { preferred_date: '31.12.2030' };
    expect(acceptedInput(request, typed)).toBe(typed);
    const output = v.parse(request, typed);
    expect(output).toEqual({ preferred_date: '2030-12-31' });
    // The schema's output would not pass the server's reading: sending it would refuse the demo request.
    expect(v.safeParse(request, output).success).toBe(false);
  });

  it('throws the ValiError with the issues of a value the schema refuses', () => {
    expect(() => acceptedInput(request, { preferred_date: '31.02.2030' })).toThrow(v.ValiError);
  });
});
