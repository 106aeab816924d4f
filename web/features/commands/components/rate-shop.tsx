import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { RATING_STARS_MAX } from '../../../../shared/domain/ratings';
import { COMMENT_TEXT_MAX } from '../../../../shared/constants';
import { FormAlert, SubmitButton } from '../../../components/form-field';
import { ReadMore } from '../../../components/read-more';
import { Star } from '../../../components/rating-stars';
import { formatDate } from '../../../lib/format';
import { formErrorsOf } from '../../../lib/form-errors';
import { isLanguage } from '../../../lib/i18n';
import { useCommandRating, useRateShop } from '../api/rating';
import './rate-shop.css';

/**
 * Issue 32 item 5: under the buyer's accepted command, the form that rates the shop (1–5 stars
 * and a few words), until the server's `rate_until`; once sent, the buyer's rating.
 */
export function RateShop({ commandId }: { commandId: number }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const state = useCommandRating(commandId, true);
  const rate = useRateShop(commandId);
  const [stars, setStars] = useState(0);
  const [text, setText] = useState('');
  // Sent without a star: said, not silently ignored.
  const [noStars, setNoStars] = useState(false);
  const textId = useId();
  if (!state.data) return null;
  const { rating, rate_until: until } = state.data;
  if (rating) {
    return (
      <div className="rate-shop rate-shop--done" data-testid="rating-yours">
        <p className="rate-shop__title">{t('rating_yours')}</p>
        <RowOfStars stars={rating.stars} label={t('rating_stars_count', { count: rating.stars })} />
        {rating.text && <ReadMore text={rating.text} />}
      </div>
    );
  }
  if (!until) return null;
  return (
    <form
      method="post"
      className="rate-shop"
      onSubmit={(event) => {
        event.preventDefault();
        setNoStars(!stars);
        if (stars) rate.mutate({ stars, text });
      }}
    >
      <p className="rate-shop__title">{t('rate_shop_title')}</p>
      <p className="rate-shop__hint">
        {t('rate_shop_hint', { date: formatDate(until, language) })}
      </p>
      <fieldset className="rate-shop__stars">
        <legend className="visually-hidden">{t('rating_stars_legend')}</legend>
        {Array.from({ length: RATING_STARS_MAX }, (_, i) => i + 1).map((n) => (
          <label key={n} className="rate-shop__star">
            <input
              type="radio"
              name="stars"
              value={n}
              checked={stars === n}
              onChange={() => {
                setStars(n);
                setNoStars(false);
              }}
              className="visually-hidden"
            />
            <Star filled={n <= stars} size={32} />
            <span className="visually-hidden">{t('rating_stars_count', { count: n })}</span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={textId} className="field__label">
        {t('rating_text_label')}
      </label>
      <textarea
        id={textId}
        name="text"
        dir="auto"
        rows={3}
        maxLength={COMMENT_TEXT_MAX}
        className="field__input"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <FormAlert
        messages={
          noStars
            ? ['rating_choose_stars']
            : rate.isError
              ? formErrorsOf(rate.error, []).general
              : []
        }
      />
      <SubmitButton loading={rate.isPending} className="button--small">
        {t('rating_send')}
      </SubmitButton>
    </form>
  );
}

function RowOfStars({ stars, label }: { stars: number; label: string }) {
  return (
    <span className="rate-shop__row" role="img" aria-label={label}>
      {Array.from({ length: RATING_STARS_MAX }, (_, i) => (
        <Star key={i} filled={i < stars} />
      ))}
    </span>
  );
}
