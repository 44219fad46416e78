import { getStore } from '@netlify/blobs';

/**
 * Uploaded files (CVs, denuncia attachments) in Netlify Blobs, emulated locally by
 * @netlify/dev. Never served publicly: only the API reads them (design.md, "Uploads").
 */
export const uploadStore = () => getStore({ name: 'uploads', consistency: 'strong' });

export type UploadStore = ReturnType<typeof uploadStore>;

export const fileKey = (uploadId: string) => `files/${uploadId}`;
export const chunkKey = (uploadId: string, index: number) => `chunks/${uploadId}/${String(index).padStart(4, '0')}`;
export const chunkPrefix = (uploadId: string) => `chunks/${uploadId}/`;
