import type { Language, ReactionKind } from '../../../shared/constants';
import { productName } from '../../../shared/domain/products';
import type { Notification } from '../../../shared/schemas/notifications';

// Each notification as a sentence (SPEC §3: what happened, by whom, on what) and the page it
// opens (docs/notifications.md), from its kind and data alone.

export interface NotificationSentence {
  /** Dictionary key; its `{{name}}` is the actor, `{{reaction}}` the reaction's name. */
  key: string;
  name: string | null;
  /** Dictionary key of the reaction's name (reacted only). */
  reaction?: string;
  /** search_match: how many offers matched (plural forms) and the latest one's name. */
  count?: number;
  product?: string;
}

/** The reaction's name in a notification sentence: the picker's own (one name per reaction). */
export const reactionKey = (kind: ReactionKind) => `reaction_${kind}`;

/** The actor's name as it was then; null when the data has none (the sentence says 'someone'). */
export function actorName(n: Notification): string | null {
  const name = [n.data.user_first_name, n.data.user_last_name].filter(Boolean).join(' ').trim();
  return name || null;
}

export function notificationSentence(n: Notification): NotificationSentence {
  const d = n.data;
  const kind = d.type === 'demand' ? 'demand' : 'offer';
  const name = actorName(n);
  switch (n.type) {
    case 'commented':
      return {
        key:
          d.commentable_type === 'command'
            ? `notification_commented_command_${kind}`
            : `notification_commented_${kind}`,
        name,
      };
    case 'replied':
      return { key: 'notification_replied', name };
    case 'commanded':
      return { key: `notification_commanded_${kind}`, name };
    case 'accepted':
      return { key: `notification_accepted_${kind}`, name };
    case 'reacted': {
      const reaction = reactionKey(d.reaction ?? 'like');
      const target = d.reactionable_type ?? 'product';
      const key =
        target === 'comment'
          ? 'notification_reacted_comment'
          : target === 'command'
            ? `notification_reacted_command_${kind}`
            : `notification_reacted_${kind}`;
      return { key, name, reaction };
    }
    case 'added_offer':
      return { key: `notification_added_${kind}`, name };
    case 'shop_invitation':
      return { key: 'notification_shop_invitation', name };
    case 'search_match':
      // The saved search's name stands where the actor's does (bold, its own direction).
      return {
        key: `notification_search_match_${kind}`,
        name: d.search_name,
        count: d.count ?? 1,
        product: d.product_name ?? '',
      };
    // Issue 19: a moderation outcome of the reader's own offer, comment or command (no actor named).
    case 'moderation_review':
    case 'moderation_hidden':
    case 'moderation_restored':
    case 'moderation_deleted':
      return { key: `notification_${n.type}`, name: null };
    // Issue 32: the reader's offer or demand ends soon; an offer the reader saved was sold.
    case 'listing_expiring':
      return { key: `notification_listing_expiring_${kind}`, name: null };
    case 'saved_sold':
      return { key: `notification_saved_sold_${kind}`, name: null };
    // Issue 32: a buyer rated the reader's shop; the stars pick the plural form.
    case 'rated':
      return { key: 'notification_rated', name, count: d.stars ?? 0 };
    // Issue 32: the shop's staff answered the reader's rating (the shop is quoted after).
    case 'rating_answered':
      return { key: 'notification_rating_answered', name };
  }
}

const commentPage = (id: number, n: Notification) => `/comments/comment/${id}/${n.id}`;
const commandPage = (id: number, n: Notification) => `/commands/command/${id}/${n.id}`;
const productPage = (id: number, n: Notification) => `/products/product/${id}/${n.id}`;

/** Where a notification opens, with its id so that the page marks it read; null if nowhere. */
export function notificationHref(n: Notification): string | null {
  const d = n.data;
  switch (n.type) {
    case 'commented':
    case 'replied':
      return d.comment_id ? commentPage(d.comment_id, n) : null;
    case 'commanded':
    case 'accepted':
      return d.command_id ? commandPage(d.command_id, n) : null;
    case 'reacted':
      if (d.reactionable_type === 'comment' && d.reactionable_id)
        return commentPage(d.reactionable_id, n);
      if (d.reactionable_type === 'command' && d.reactionable_id)
        return commandPage(d.reactionable_id, n);
      return d.product_id ? productPage(d.product_id, n) : null;
    case 'added_offer':
      return d.product_id ? productPage(d.product_id, n) : null;
    case 'shop_invitation':
      // "My shops" lists the invitation with accept and decline, and marks this one read.
      return `/account/shops?notification=${n.id}`;
    case 'search_match':
      // One offer: that offer; several: the saved searches, with their counts of new matches.
      return (d.count ?? 1) === 1 && d.product_id
        ? productPage(d.product_id, n)
        : `/account/searches?notification=${n.id}`;
    case 'moderation_review':
    case 'moderation_hidden':
    case 'moderation_restored':
      if (d.comment_id) return commentPage(d.comment_id, n);
      if (d.command_id) return commandPage(d.command_id, n);
      return d.product_id ? productPage(d.product_id, n) : null;
    case 'moderation_deleted':
      return null;
    // The offer's page, where its owner renews it (or sees it sold).
    case 'listing_expiring':
    case 'saved_sold':
      return d.product_id ? productPage(d.product_id, n) : null;
    // The shop's reviews tab, where the staff read and answer it (and the buyer reads the answer);
    // the page marks it read.
    case 'rated':
    case 'rating_answered':
      return d.shop_id ? `/shops/shop/${d.shop_id}?tab=reviews&notification=${n.id}` : null;
  }
}

/**
 * What a notification is about, quoted after its sentence: the offer, named as it was when the
 * notification was written, in the page's language (DESIGN §6's fallback); for a shop invitation
 * (issue 35 item 16) and a rating the shop; null on older notifications. The sentence itself quotes nothing
 * else (a reaction's name stands in brackets), so a line holds one quotation.
 */
export function notificationProduct(n: Notification, language: Language): string | null {
  const d = n.data;
  if (n.type === 'shop_invitation' || n.type === 'rated' || n.type === 'rating_answered') {
    return d.shop_name;
  }
  // A saved search's alert names its offer in the sentence itself.
  if (n.type === 'search_match' || d.product_name === null) return null;
  return productName(
    { name: d.product_name, name_ar: d.product_name_ar, name_fr: d.product_name_fr },
    language,
  );
}
