import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  REPORT_MSG,
  uploadReceiptSchema,
  uploadRequestSchema,
  uploadTicketSchema,
  type UploadTicket,
} from '../../../common/schemas/report';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { refusals } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { receiveLocalUpload, requestUpload } from './service';
import { LocalStorage } from '../../adapters/storage/local';

const putParams = z.object({ id: z.uuid(REPORT_MSG.uploadExpired) });
const putQuery = z.object({
  expires: z.coerce.number({ error: REPORT_MSG.uploadExpired }).int(REPORT_MSG.uploadExpired),
  signature: z.string({ error: REPORT_MSG.uploadExpired }).max(100, REPORT_MSG.uploadExpired),
});

/** Uploads: a signed URL first, then the bytes (to this server, or straight to S3). */
export function uploadRoutes(ctx: AppContext) {
  return async function objects(app: Api) {
    app.post(
      '/api/objects/upload',
      {
        schema: {
          operationId: 'requestUpload',
          summary: 'Pedir una dirección para subir un archivo',
          body: uploadRequestSchema,
          response: {
            200: uploadTicketSchema,
            ...refusals({ 429: 'Demasiadas subidas pendientes: termina o descarta alguna.' }),
          },
        },
        // An upload is not part of any report until a report links it.
        config: { tokenScope: false, invalidates: false },
      },
      async (request): Promise<UploadTicket> => {
        const { user } = requireAuth(request);
        const input = request.body;
        return requestUpload(ctx, user.id, input);
      },
    );

    // In its own scope: every body, JSON included, is handed over as a stream, never parsed.
    await app.register(async (raw: Api) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      raw.put(
        '/api/objects/upload/:id',
        {
          schema: {
            operationId: 'uploadFile',
            summary: 'Subir los bytes de un archivo',
            params: putParams,
            querystring: putQuery,
            response: {
              200: uploadReceiptSchema,
              ...refusals({
                409: 'Ese archivo ya se subió.',
                413: 'El archivo supera el tamaño máximo.',
              }),
            },
          },
          config: {
            tokenScope: false,
            public:
              'the local stand-in for S3: authorised by the signature the server gave, as S3 would be',
            // The bytes of an upload no report links yet.
            invalidates: false,
          },
        },
        async (request, reply) => {
          if (!(ctx.storage instanceof LocalStorage)) throw notFound();
          const { id } = request.params;
          const signature = request.query;
          const objectKey = `uploads/${id}`;
          const body = request.body as Readable | undefined;
          await receiveLocalUpload(ctx, ctx.storage, objectKey, signature, body);
          return reply.code(200).send({ objectKey });
        },
      );
    });
  };
}
