import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UploadTicket } from '../../common/schemas/report';
import type { TestApp } from './helper';

/** The answer to a PUT, shaped like the part of an `inject` response the tests read. */
type PutResponse = {
  statusCode: number;
  body: string;
  json<T = unknown>(): T;
};

/**
 * Uploads as the browser does: asks for a ticket, then PUTs `bytes` to its signed URL. `declared`
 * is the size announced for the ticket (a liar's test sends more). Answers the ticket, the PUT's
 * response and the file entry a report save links.
 */
export async function uploadFile(
  t: Pick<TestApp, 'app'>,
  headers: Record<string, string>,
  fileName: string,
  bytes: Buffer,
  declared = bytes.length,
) {
  const ticket = await t.app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers,
    payload: { fileName, sizeBytes: declared, contentType: 'application/pdf' },
  });
  if (ticket.statusCode !== 200)
    throw new Error(`upload ticket: ${ticket.statusCode} ${ticket.body}`);
  const body = ticket.json<UploadTicket>();
  const put = await putOverHttp(t, body.uploadURL, { 'content-type': 'application/pdf' }, bytes);
  return {
    ticket: body,
    put,
    file: { objectKey: body.objectKey, fileName, sizeBytes: bytes.length },
  };
}

const listening = new WeakMap<TestApp['app'], Promise<number>>();

/** The app's port, listening on a free one the first time (once, even if asked twice at once). */
function portOf(app: TestApp['app']): Promise<number> {
  let port = listening.get(app);
  if (!port) {
    port = app
      .listen({ port: 0, host: '127.0.0.1' })
      .then(() => (app.server.address() as AddressInfo).port);
    listening.set(app, port);
  }
  return port;
}

/**
 * PUTs `bytes` to `url` over a real connection to the app.
 *
 * Not through `inject`: when a body outgrows its ticket the server stops reading and destroys the
 * request stream. The request `inject` makes ignores destroy() once it has handed over its whole
 * payload, so it never closes; from Node 22 on, the server's stream pipeline waits for every
 * stream to close before it settles, and the PUT never answers. A socket closes as it should.
 */
async function putOverHttp(
  t: Pick<TestApp, 'app'>,
  url: string,
  headers: Record<string, string>,
  bytes: Buffer,
): Promise<PutResponse> {
  const port = await portOf(t.app);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: url,
        headers: { ...headers, 'content-length': String(bytes.length) },
        // A fresh connection each time: a server that stopped reading mid-body may close it.
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            statusCode: response.statusCode ?? 0,
            body: text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(bytes);
  });
}
