import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REPORT_MSG, uploadRequestSchema, type UploadTicket } from '../../../common/schemas/report';
import type { AppContext } from '../../context';
import { notFound, parse } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { receiveLocalUpload, requestUpload } from './service';
import { LocalStorage } from '../../storage/local';

const putParams = z.object({ id: z.uuid(REPORT_MSG.uploadExpired) });
const putQuery = z.object({
  expires: z.coerce.number({ error: REPORT_MSG.uploadExpired }).int(REPORT_MSG.uploadExpired),
  signature: z.string({ error: REPORT_MSG.uploadExpired }).max(100, REPORT_MSG.uploadExpired),
});

/** Uploads: a signed URL first, then the bytes (to this server, or straight to S3). */
export function uploadRoutes(ctx: AppContext) {
  return async function objects(app: FastifyInstance) {
    app.post('/api/objects/upload', async (request): Promise<UploadTicket> => {
      const { user } = requireAuth(request);
      const input = parse(uploadRequestSchema, request.body);
      return requestUpload(ctx, user.id, input);
    });

    // In its own scope: every body, JSON included, is handed over as a stream, never parsed.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      raw.put('/api/objects/upload/:id', async (request, reply) => {
        if (!(ctx.storage instanceof LocalStorage)) throw notFound();
        const { id } = parse(putParams, request.params);
        const signature = parse(putQuery, request.query);
        const objectKey = `uploads/${id}`;
        const body = request.body as Readable | undefined;
        await receiveLocalUpload(ctx, ctx.storage, objectKey, signature, body);
        return reply.code(200).send({ objectKey });
      });
    });
  };
}
