/** GET /api/files/download/{fileId}: the attachment, always served as a download. */
export function fileDownloadUrl(fileId: string): string {
  return `/api/files/download/${encodeURIComponent(fileId)}`;
}
