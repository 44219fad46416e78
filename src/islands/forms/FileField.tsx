import { describedBy, FieldFrame } from '../../ui/forms/FieldFrame.tsx';
import type { UploadProgress } from '../../ui/upload.ts';

interface FileFieldProps {
  id: string;
  label: string;
  hint: string;
  accept?: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  /** The chosen file on its way, while the form sends it (postWithFile's onProgress). */
  progress?: UploadProgress | undefined;
  onChange: (file: File | undefined) => void;
}

/** A file input with hint and error wired like Field, and the file's progress while it is sent. */
export function FileField({ id, label, hint, accept, error, required, disabled, progress, onChange }: FileFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      <input
        type="file"
        id={id}
        name={id}
        accept={accept}
        disabled={disabled}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.files?.[0])}
      />
      {progress !== undefined && (
        <p className="file-progress">
          <progress
            max={1}
            {...(progress === 'sending' ? {} : { value: progress })}
            aria-labelledby={`${id}-progress`}
          />
          {/* Polite, not a status role: the form's own status says when it is sent. */}
          <span id={`${id}-progress`} aria-live="polite">
            {progress === 'sending' ? 'Enviando el archivo…' : `Enviando el archivo: ${Math.round(progress * 100)} %`}
          </span>
        </p>
      )}
    </FieldFrame>
  );
}
