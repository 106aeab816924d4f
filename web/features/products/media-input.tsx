import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { MAX_FILES_PER_PRODUCT } from '../../../shared/constants';
import type { Pfile } from '../../../shared/schemas/products';
import { CameraIcon } from '../../components/product-icons';
import { CloseIcon } from '../../components/icons';
import { MESSAGE_LIMITS } from '../../lib/i18n';
import { ACCEPTED_TYPES, preparePicked, type MediaError } from './media-files';
import { FieldErrors } from './pfield-input';
import './media-input.css';

export interface AddedFile {
  key: string;
  file: File;
}

interface MediaInputProps {
  /** The offer's files (edit), less those removed. */
  existing: Pfile[];
  onRemoveExisting: (id: number) => void;
  added: AddedFile[];
  onAdd: (files: File[]) => void;
  onRemoveAdded: (key: string) => void;
  /** The server's errors under `files` or `removed_files`. */
  serverErrors?: string[];
  /** Preparing picked photos (downscaling) is under way. */
  onBusyChange?: (busy: boolean) => void;
}

/** A picked file shown from an object url, revoked when the preview goes. */
function Preview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const { t } = useTranslation();
  const media = useRef<HTMLImageElement & HTMLVideoElement>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function' || !media.current) return;
    const url = URL.createObjectURL(file);
    media.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <li className="media-input__item">
      {file.type.startsWith('video/') ? (
        <video ref={media} muted playsInline preload="metadata" />
      ) : (
        <img ref={media} alt={file.name} />
      )}
      <button
        type="button"
        className="media-input__remove"
        aria-label={`${t('remove_file')} ${file.name}`}
        onClick={onRemove}
      >
        <CloseIcon size={16} />
      </button>
    </li>
  );
}

/**
 * Photos and videos of an offer (SPEC §5): ten at most in all, ten megabytes each, checked here
 * before anything is sent, with previews and a remove button on each.
 */
export function MediaInput({
  existing,
  onRemoveExisting,
  added,
  onAdd,
  onRemoveAdded,
  serverErrors = [],
  onBusyChange,
}: MediaInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<MediaError[]>([]);
  const [busy, setBusy] = useState(false);
  const count = existing.length + added.length;
  const full = count >= MAX_FILES_PER_PRODUCT;
  const shown = [...new Set([...errors, ...serverErrors])];
  const errorId = shown.length ? `${id}-errors` : undefined;

  async function onPick(files: FileList | null) {
    if (!files?.length) return;
    setBusy(true);
    onBusyChange?.(true);
    const result = await preparePicked(count, [...files]);
    setErrors(result.errors);
    if (result.accepted.length) onAdd(result.accepted);
    setBusy(false);
    onBusyChange?.(false);
    if (input.current) input.current.value = '';
  }

  return (
    <fieldset
      className={shown.length ? 'field media-input field--invalid' : 'field media-input'}
      aria-describedby={[errorId, `${id}-hint`].filter(Boolean).join(' ')}
      data-field="files"
    >
      <legend className="field__label">
        {t('photos_videos')}{' '}
        <span className="media-input__count">
          ({count}/{MAX_FILES_PER_PRODUCT})
        </span>
      </legend>
      <ul className="media-input__list">
        {existing.map((file) => (
          <li key={file.id} className="media-input__item">
            {file.type === 'video' ? (
              <video
                src={file.url}
                poster={file.poster_small_url ?? undefined}
                muted
                playsInline
                preload="metadata"
              />
            ) : (
              <img src={file.small_url} alt="" />
            )}
            <button
              type="button"
              className="media-input__remove"
              aria-label={`${t('remove_file')} ${file.name}.${file.extension}`}
              onClick={() => onRemoveExisting(file.id)}
            >
              <CloseIcon size={16} />
            </button>
          </li>
        ))}
        {added.map(({ key, file }) => (
          <Preview key={key} file={file} onRemove={() => onRemoveAdded(key)} />
        ))}
        <li className="media-input__add-cell">
          <label
            className={full ? 'media-input__add media-input__add--disabled' : 'media-input__add'}
            aria-disabled={full}
          >
            {busy ? (
              <span className="loader__spinner" aria-hidden="true" />
            ) : (
              <CameraIcon size={28} />
            )}
            <span>{t('add_photos')}</span>
            <input
              ref={input}
              className="visually-hidden"
              type="file"
              name="files"
              multiple
              accept={ACCEPTED_TYPES}
              disabled={full || busy}
              aria-invalid={shown.length > 0}
              aria-describedby={[errorId, `${id}-hint`].filter(Boolean).join(' ')}
              onChange={(event) => void onPick(event.target.files)}
            />
          </label>
        </li>
      </ul>
      <p id={`${id}-hint`} className="field__hint">
        {t('photos_limit_hint', MESSAGE_LIMITS)}
      </p>
      {errorId && <FieldErrors id={errorId} errors={shown} />}
    </fieldset>
  );
}
