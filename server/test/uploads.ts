import type { UploadTicket } from '../../common/schemas/report';
import type { TestApp } from './helper';

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
  const put = await t.app.inject({
    method: 'PUT',
    url: body.uploadURL,
    headers: { 'content-type': 'application/pdf' },
    payload: bytes,
  });
  return {
    ticket: body,
    put,
    file: { objectKey: body.objectKey, fileName, sizeBytes: bytes.length },
  };
}
