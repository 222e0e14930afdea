import { uploadTicketSchema, type UploadRequest, type UploadTicket } from '@common/schemas/report';
import { api } from '@/lib/api-client';

/**
 * POST /api/objects/upload: asks where to PUT one file's bytes. The server checks the size
 * against the limits before anything is stored. Called by the upload dialog, not by a component.
 */
export function requestUpload(input: UploadRequest): Promise<UploadTicket> {
  return api.post('/api/objects/upload', uploadTicketSchema, input);
}
