import type { UseFormRegisterReturn } from 'react-hook-form';
import { FileUrlInput } from './FileUrlInput.tsx';

interface AvatarInputProps {
  label: string;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
  onUploaded: (url: string) => void;
}

/** An admin's avatar: an image uploaded here, since the site shows no image of another host (CSP). */
export function AvatarInput({ label, error, registration, onUploaded }: AvatarInputProps) {
  return (
    <FileUrlInput
      label={label}
      uploadLabel="Subir imagen"
      hint="Una imagen cuadrada, por ejemplo una foto. Sin avatar se muestran las iniciales."
      accept="image/png,image/jpeg,image/webp,image/avif"
      error={error}
      registration={registration}
      onUploaded={onUploaded}
    />
  );
}
