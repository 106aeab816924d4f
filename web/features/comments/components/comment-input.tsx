import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useErrorText } from '../../../components/form-field';
import { formErrorsOf, noErrors, type FormErrors } from '../../../lib/form-errors';
import type { Comment, CommentableType } from '../api/comment';
import { createComment } from '../api/create-comment';
import './comment-input.css';

interface CommentInputProps {
  type: CommentableType;
  id: number;
  /** 'Write a comment' or 'write a reply'. */
  placeholder: string;
  onCreated: (comment: Comment) => void;
  /** Changes each time the box should take the focus (a 'reply' click). */
  focusSignal?: number;
}

/** SPEC §5: an empty text sends nothing. Ctrl/⌘ + Enter sends, as the button does. */
export function CommentInput({ type, id, placeholder, onCreated, focusSignal }: CommentInputProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (focusSignal) box.current?.focus();
  }, [focusSignal]);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    setErrors(noErrors);
    try {
      const comment = await createComment(type, id, text.trim());
      setText('');
      onCreated(comment);
    } catch (error) {
      setErrors(formErrorsOf(error, ['text']));
    } finally {
      setSending(false);
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
  };

  const messages = [...(errors.fields.text ?? []), ...errors.general];
  return (
    <form method="post" className="comment-input" onSubmit={send} noValidate>
      <textarea
        ref={box}
        name="text"
        className="comment-input__text"
        rows={1}
        placeholder={placeholder}
        aria-label={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={messages.length > 0}
      />
      <button
        type="submit"
        className="button button--primary comment-input__send"
        disabled={!text.trim() || sending}
        aria-busy={sending}
      >
        {sending && <span className="loader__spinner loader__spinner--small" aria-hidden="true" />}
        <span>{t('send')}</span>
      </button>
      {messages.length > 0 && (
        <ul className="field__errors comment-input__errors" role="alert">
          {messages.map((key) => (
            <li key={key}>{errorText(key)}</li>
          ))}
        </ul>
      )}
    </form>
  );
}
