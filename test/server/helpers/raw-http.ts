/**
 * An HTTP/1.1 request written byte for byte on a socket. `fetch` (and any URL parser) tidies a
 * path before sending it — `..` and `%2e%2e` segments are resolved, backslashes turned into
 * slashes — so path-traversal tests need to put the request target on the wire themselves.
 */
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  /** The head and body as received (a chunked body keeps its chunk sizes). */
  text: string;
}

/** Thrown when no answer came within the time allowed. */
export class RawTimeout extends Error {}

/**
 * Sends `method target HTTP/1.1` with `headers` (Host and `Connection: close` added) and reads the
 * answer to the end.
 * @example await rawRequest(server.url, 'GET', '/users/..%2f..%2fsecret.txt')
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  timeoutMs = 5000,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const head = [
    `${method} ${target} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new RawTimeout(`${method} ${target.slice(0, 120)}: no answer in ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('connect', () => socket.write(`${head}\r\n\r\n`, 'latin1'));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, text });
    });
  });
}
