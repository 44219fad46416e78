import { getStore } from '@netlify/blobs';

/**
 * Uploaded files in Netlify Blobs, emulated locally by @netlify/dev. The store is never public:
 * CVs and denuncia attachments only reach the utility by mail (design.md, "Uploads"); files
 * staff publish are served one by one by GET /api/files/{id}/{name}.
 */
export const uploadStore = () => getStore({ name: 'uploads', consistency: 'strong' });

export type UploadStore = ReturnType<typeof uploadStore>;

export const fileKey = (uploadId: string) => `files/${uploadId}`;
export const chunkKey = (uploadId: string, index: number) => `chunks/${uploadId}/${String(index).padStart(4, '0')}`;
export const chunkPrefix = (uploadId: string) => `chunks/${uploadId}/`;
