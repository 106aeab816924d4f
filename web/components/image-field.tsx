import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../lib/use-translation';
import { MAX_FILE_BYTES } from '../../shared/constants';
import { useErrorText } from './form-field';
import { CloseIcon, ImageIcon } from './icons';
import './image-field.css';

// One image of a form (shop logo and cover, user photo and cover): a preview of what is there,
// a button to choose another, one to remove it. Checked in the browser first (DESIGN §8 and
// SPEC §5: images only, 10 MB at most) with the server's own message keys; the server checks the
// bytes again and its errors come under the field too.

/** What the form will send for this image: nothing (keep), a new file, or its removal. */
export type ImageChoice = { file: File } | { removed: true } | null;

/** The browser's check: the key of what is wrong with the file, or null. */
export function imageFileError(file: File): string | null {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') {
    return 'file_type_not_allowed';
  }
  if (file.size > MAX_FILE_BYTES) return 'file_too_large';
  return null;
}

/** Adds the choice to a multipart form: the file, or '' to remove the stored image. */
export function appendImage(form: FormData, name: string, choice: ImageChoice) {
  if (!choice) return;
  if ('file' in choice) form.append(name, choice.file);
  else form.append(name, '');
}

interface ImageFieldProps {
  name: string;
  label: string;
  /** The stored image's url (its small variant), if any. */
  currentUrl: string | null;
  choice: ImageChoice;
  onChange: (choice: ImageChoice) => void;
  /** The server's message keys for this field. */
  errors?: string[];
  shape?: 'square' | 'round' | 'wide';
}

export function ImageField({
  name,
  label,
  currentUrl,
  choice,
  onChange,
  errors,
  shape = 'square',
}: ImageFieldProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);

  // The preview's object URL goes with the component.
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  function showPreview(url: string | null) {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = url;
    setPreview(url);
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const error = imageFileError(file);
    setLocalError(error);
    if (error) return;
    showPreview(URL.createObjectURL(file));
    onChange({ file });
  }

  function onRemove() {
    setLocalError(null);
    showPreview(null);
    // A new file not yet sent is simply dropped; a stored image is removed on save.
    onChange(currentUrl ? { removed: true } : null);
  }

  const shown = choice && 'file' in choice ? preview : choice ? null : currentUrl;
  const messages = [...(localError ? [localError] : []), ...(errors ?? [])];
  const hintId = `${id}-hint`;
  const errorId = messages.length ? `${id}-error` : undefined;

  return (
    <div className={messages.length ? 'field image-field field--invalid' : 'field image-field'}>
      <span className="field__label" id={`${id}-label`}>
        {label} <span className="field__optional">({t('optional')})</span>
      </span>
      <div className={`image-field__body image-field__body--${shape}`}>
        <div className={`image-field__preview image-field__preview--${shape}`}>
          {shown ? (
            <img src={shown} alt={label} />
          ) : (
            <ImageIcon size={28} aria-label={t('no_image')} />
          )}
        </div>
        <div className="image-field__actions">
          <label
            htmlFor={id}
            className="button button--secondary image-field__choose"
            id={`${id}-choose`}
          >
            <ImageIcon size={18} />
            {shown ? t('change_image') : t('choose_image')}
          </label>
          <input
            id={id}
            name={`${name}_file`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            className="visually-hidden"
            aria-labelledby={`${id}-label ${id}-choose`}
            aria-invalid={messages.length > 0}
            aria-describedby={[errorId, hintId].filter(Boolean).join(' ')}
            data-field={name}
            onChange={onFile}
          />
          {shown && (
            <button type="button" className="button button--ghost" onClick={onRemove}>
              <CloseIcon size={18} />
              {t('remove_image')}
            </button>
          )}
        </div>
      </div>
      <p id={hintId} className="field__hint">
        {t('image_hint', { max_mb: MAX_FILE_BYTES / (1024 * 1024) })}
      </p>
      {errorId && (
        <ul id={errorId} className="field__errors">
          {messages.map((key) => (
            <li key={key}>{errorText(key)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
