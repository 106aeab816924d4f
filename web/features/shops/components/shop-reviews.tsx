import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { PAGINATION_WINDOW_LISTS } from '../../../../shared/constants';
import { can } from '../../../../shared/domain/permissions';
import { RATING_STARS_MAX } from '../../../../shared/domain/ratings';
import { COMMENT_TEXT_MAX } from '../../../../shared/constants';
import type { Rating } from '../../../../shared/schemas/ratings';
import type { Shop } from '../../../../shared/schemas/shops';
import { Avatar } from '../../../components/avatar';
import { EmptyState } from '../../../components/empty-state';
import { FormAlert, SubmitButton } from '../../../components/form-field';
import { Loader } from '../../../components/loader';
import { Pagination } from '../../../components/pagination';
import { FlagIcon } from '../../../components/product-icons';
import { RatingStars, Star } from '../../../components/rating-stars';
import { ReadMore } from '../../../components/read-more';
import { RelativeTime } from '../../../components/relative-time';
import { UserText } from '../../../components/user-text';
import { formErrorsOf } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import type { Me } from '../../../lib/use-me';
import { ReportDialog } from '../../products';
import { useAnswerRating, useShopRatings } from '../api/ratings';
import './shop-reviews.css';

// Issue 32 item 5: the shop page's reviews tab: the average, then the buyers' ratings newest
// first, each with the shop's one answer (its staff write it here) and a report entry.

interface ShopReviewsProps {
  shop: Shop;
  me: Me | null | undefined;
  /** The viewer is on the shop's staff: they answer. */
  isStaff: boolean;
  page: number;
  hrefFor: (page: number) => string;
}

export function ShopReviews({ shop, me, isStaff, page, hrefFor }: ShopReviewsProps) {
  const { t } = useTranslation();
  const ratings = useShopRatings(shop.id, page);
  if (ratings.isPending) return <Loader block />;
  if (ratings.isError) return <FormAlert messages={formErrorsOf(ratings.error, []).general} />;
  const list = ratings.data;
  return (
    <section className="shop-reviews" aria-busy={ratings.isPlaceholderData}>
      <h2 className="visually-hidden">{t('shop_tab_reviews')}</h2>
      <div className="shop-reviews__summary">
        <RatingStars average={shop.rating_average} count={shop.rating_count} empty />
      </div>
      {list.data.length ? (
        <ul className="shop-reviews__list">
          {list.data.map((rating) => (
            <li key={rating.id}>
              <Review rating={rating} me={me} isStaff={isStaff} shopId={shop.id} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={page > 1 ? t('no_results') : t('reviews_empty')} />
      )}
      <Pagination
        currentPage={list.current_page}
        lastPage={list.last_page}
        radius={PAGINATION_WINDOW_LISTS}
        hrefFor={hrefFor}
      />
    </section>
  );
}

function Review({
  rating,
  me,
  isStaff,
  shopId,
}: {
  rating: Rating;
  me: Me | null | undefined;
  isStaff: boolean;
  shopId: number;
}) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  const name = `${rating.user.first_name} ${rating.user.last_name}`;
  return (
    <article className="review" aria-label={t('rating_stars_count', { count: rating.stars })}>
      <header className="review__head">
        <Avatar name={name} photo={rating.user.photo_small_url} size={36} />
        <div className="review__who">
          <Link to={paths.user(rating.user.id)} className="review__author">
            <UserText text={name} />
          </Link>
          <RelativeTime date={rating.created_at} className="review__date" />
        </div>
        <span
          className="review__stars"
          role="img"
          aria-label={t('rating_stars_count', { count: rating.stars })}
        >
          {Array.from({ length: RATING_STARS_MAX }, (_, i) => (
            <Star key={i} filled={i < rating.stars} />
          ))}
        </span>
      </header>
      {rating.text && <ReadMore text={rating.text} className="review__text" />}
      {rating.answer ? (
        <div className="review__answer">
          <p className="review__answer-title">{t('rating_answer_by_shop')}</p>
          <ReadMore text={rating.answer.text} />
        </div>
      ) : (
        isStaff && <AnswerForm shopId={shopId} ratingId={rating.id} />
      )}
      {/* Anyone signed in but its author, the shop's staff included (an unfair review). */}
      {can.reportItem(me, { user_id: rating.user.id }) && (
        <button
          type="button"
          className="button button--ghost button--small review__report"
          disabled={reported}
          onClick={() => setReporting(true)}
        >
          <FlagIcon size={16} />
          {reported ? t('item_reported') : t('rating_report')}
        </button>
      )}
      {reporting && (
        <ReportDialog
          type="rating"
          id={rating.id}
          onClose={() => setReporting(false)}
          onReported={() => {
            setReporting(false);
            setReported(true);
          }}
        />
      )}
    </article>
  );
}

function AnswerForm({ shopId, ratingId }: { shopId: number; ratingId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const answer = useAnswerRating(shopId, ratingId);
  const id = useId();
  return (
    <form
      method="post"
      className="review__answer-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) answer.mutate(text);
      }}
    >
      <label htmlFor={id} className="field__label">
        {t('rating_answer_label')}
      </label>
      <textarea
        id={id}
        name="text"
        dir="auto"
        rows={2}
        required
        maxLength={COMMENT_TEXT_MAX}
        className="field__input"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <FormAlert messages={answer.isError ? formErrorsOf(answer.error, []).general : []} />
      <SubmitButton loading={answer.isPending} className="button--small">
        {t('rating_answer_send')}
      </SubmitButton>
    </form>
  );
}
