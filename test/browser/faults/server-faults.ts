/**
 * The ways a real server fails, for the fault tests of this folder: a 500 with a request id, a
 * body that is not JSON, a connection dropped without an answer, an answer slower than the
 * client's timeout. Each says what the user is told.
 */
import type { MockRoute } from '../fixtures/harness';

export interface Fault {
  name: string;
  route: Omit<MockRoute, 'method' | 'path'>;
  /** What the user is told. */
  says: RegExp;
}

/** The four faults; the 500 carries `requestId`, which the user is shown for support. */
export function serverFaults(requestId: string): Fault[] {
  return [
    {
      name: 'a 500 with a request id',
      route: { status: 500, body: { code: 'internal_error', message: 'x', requestId } },
      says: new RegExp(`System exception, please try again \\(request ID: ${requestId}\\)`),
    },
    { name: 'a body that is not JSON', route: { raw: '<html>Bad gateway' }, says: /could not be read/ },
    { name: 'a dropped connection', route: { drop: true }, says: /Could not reach the server/ },
    // The client gives up after 5000 ms (§9).
    { name: 'an answer slower than the timeout', route: { delayMs: 6500, body: {} }, says: /timed out/ },
  ];
}
