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
  const body = await requestTicket(t, headers, { fileName, sizeBytes: declared });
  const put = await putOverHttp(t, body.uploadURL, { 'content-type': 'application/pdf' }, bytes);
  return {
    ticket: body,
    put,
    file: { objectKey: body.objectKey, fileName, sizeBytes: bytes.length },
  };
}

/** Asks for an upload ticket (of a PDF unless told), as the browser does before a PUT. */
export async function requestTicket(
  t: Pick<TestApp, 'app'>,
  headers: Record<string, string>,
  file: { fileName: string; sizeBytes: number; contentType?: string },
): Promise<UploadTicket> {
  const ticket = await t.app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers,
    payload: { contentType: 'application/pdf', ...file },
  });
  if (ticket.statusCode !== 200)
    throw new Error(`upload ticket: ${ticket.statusCode} ${ticket.body}`);
  return ticket.json<UploadTicket>();
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
function putOverHttp(
  t: Pick<TestApp, 'app'>,
  url: string,
  headers: Record<string, string>,
  bytes: Buffer,
): Promise<PutResponse> {
  return openPut(t, url, headers, bytes.length).then((put) => put.finish(bytes));
}

/**
 * A PUT of `length` bytes whose body the test sends when it chooses: `send` writes a part and
 * leaves the request open (the server is then reading an upload in flight), `finish` writes the
 * rest and answers the response. For races between uploads.
 */
export async function openPut(
  t: Pick<TestApp, 'app'>,
  url: string,
  headers: Record<string, string>,
  length: number,
) {
  const port = await portOf(t.app);
  let request!: http.ClientRequest;
  const response = new Promise<PutResponse>((resolve, reject) => {
    request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: url,
        headers: { ...headers, 'content-length': String(length) },
        // A fresh connection each time: a server that stopped reading mid-body may close it.
        agent: false,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            statusCode: answer.statusCode ?? 0,
            body: text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
      },
    );
    request.on('error', reject);
  });
  return {
    send: (part: Buffer) => {
      request.write(part);
    },
    finish: (rest: Buffer): Promise<PutResponse> => {
      request.end(rest);
      return response;
    },
  };
}
