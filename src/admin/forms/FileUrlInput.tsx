import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { messages } from '../../shared/messages.ts';
import { describedBy, FieldFrame } from '../../ui/forms/FieldFrame.tsx';
import { ApiError } from '../api-client.ts';
import { publishFile } from '../uploads.ts';

interface FileUrlInputProps {
  label: string;
  /** The file picker's label: 'Subir archivo', 'Subir miniatura'. */
  uploadLabel: string;
  hint?: string;
  error?: string | undefined;
  required?: boolean;
  /** File types the picker offers (the server checks the bytes). */
  accept?: string;
  registration: UseFormRegisterReturn;
  /** Puts the published file's address in the field. */
  onUploaded: (url: string) => void;
}

type UploadState =
  | { state: 'idle' }
  | { state: 'uploading'; fraction: number | undefined }
  | { state: 'done'; fileName: string }
  | { state: 'failed'; message: string };

/**
 * A file's address, editable as text, and a picker that publishes a chosen file at once and
 * writes its address in the field.
 */
export function FileUrlInput({
  label,
  uploadLabel,
  hint,
  error,
  required = false,
  accept,
  registration,
  onUploaded,
}: FileUrlInputProps) {
  const id = registration.name;
  const pickerId = `${id}-upload`;
  const statusId = useId();
  const [upload, setUpload] = useState<UploadState>({ state: 'idle' });

  const onPick = async (file: File | undefined, input: HTMLInputElement) => {
    if (!file) return;
    setUpload({ state: 'uploading', fraction: undefined });
    try {
      const url = await publishFile(file, (fraction) => setUpload({ state: 'uploading', fraction }));
      onUploaded(url);
      setUpload({ state: 'done', fileName: file.name });
    } catch (failure) {
      setUpload({ state: 'failed', message: failure instanceof ApiError ? failure.message : messages.genericError });
    } finally {
      // The same file can be chosen again after a failure.
      input.value = '';
    }
  };

  return (
    <div className="file-url">
      <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
        <input
          type="text"
          id={id}
          inputMode="url"
          spellCheck={false}
          aria-describedby={describedBy(id, hint, error)}
          aria-invalid={error ? true : undefined}
          {...registration}
        />
      </FieldFrame>
      <div className="file-url__picker">
        <label htmlFor={pickerId}>{uploadLabel}</label>
        <input
          type="file"
          id={pickerId}
          accept={accept}
          disabled={upload.state === 'uploading'}
          aria-describedby={statusId}
          onChange={(event) => void onPick(event.target.files?.[0], event.target)}
        />
        <div id={statusId} role="status" className="file-url__status">
          {upload.state === 'uploading' && (
            <>
              <span className="spinner" aria-hidden="true" /> Subiendo…
              {upload.fraction !== undefined && (
                <progress max={1} value={upload.fraction} aria-label="Progreso de la subida" />
              )}
            </>
          )}
          {upload.state === 'done' && <>Archivo subido: {upload.fileName}</>}
        </div>
        {upload.state === 'failed' && (
          <p className="field__error" role="alert">
            <span className="visually-hidden">Error:</span> {upload.message}
          </p>
        )}
      </div>
    </div>
  );
}
