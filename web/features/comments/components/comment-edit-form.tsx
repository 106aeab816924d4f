import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { FormAlert, useErrorText } from '../../../components/form-field';
import { formErrorsOf, noErrors, type FormErrors } from '../../../lib/form-errors';
import type { Comment } from '../api/comment';
import { updateComment } from '../api/update-comment';
import './comment-edit-form.css';

/** A bad or missing text reads as SPEC §5's 'field text bad input', from the browser or the server. */
const TEXT_ERROR = 'comment_text_bad_input';

interface CommentEditFormProps {
  comment: Comment;
  onSaved: (comment: Comment) => void;
  onCancel: () => void;
}

/** The edit mode of a comment (SPEC §4): the text is required. */
export function CommentEditForm({ comment, onSaved, onCancel }: CommentEditFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [text, setText] = useState(comment.text);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const element = box.current;
    element?.focus();
    element?.setSelectionRange(element.value.length, element.value.length);
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setErrors({ fields: { text: [TEXT_ERROR] }, general: [] });
      box.current?.focus();
      return;
    }
    setSaving(true);
    setErrors(noErrors);
    try {
      onSaved(await updateComment(comment.id, text.trim()));
    } catch (error) {
      const found = formErrorsOf(error, ['text']);
      if (found.fields.text) found.fields.text = [TEXT_ERROR];
      setErrors(found);
      setSaving(false);
    }
  }

  const fieldErrors = errors.fields.text ?? [];
  return (
    <form method="post" className="comment-edit" onSubmit={save} noValidate>
      <textarea
        ref={box}
        name="text"
        className="comment-edit__text"
        aria-label={t('edit_comment')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={fieldErrors.length > 0}
        rows={3}
      />
      {fieldErrors.length > 0 && (
        <ul className="field__errors">
          {fieldErrors.map((key) => (
            <li key={key}>{errorText(key)}</li>
          ))}
        </ul>
      )}
      <FormAlert messages={errors.general} />
      <div className="comment-edit__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={saving}>
          {t('cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={saving}
          aria-busy={saving}
        >
          {saving && <span className="loader__spinner loader__spinner--small" aria-hidden="true" />}
          <span>{t('save_changes')}</span>
        </button>
      </div>
    </form>
  );
}
